import Foundation
import Testing

@testable import BeckonEngine

/// Records of a packed step live in one file per step: written at the end of a build, holding the
/// records of earlier builds too, and a damaged pack costs only the records past the damage.
@Suite struct RecordPackTests {
    static let step = Step<[String]>("findings", packsRecords: true)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("packs-\(UUID().uuidString)")
    var pack: URL { folder.appendingPathComponent("steps/findings/pack") }

    static func key(_ text: String) -> Fingerprint {
        var builder = FingerprintBuilder("test")
        builder.add(text)
        return builder.finish()
    }

    /// A new engine on the folder, as the next process makes it (another Beckon with `salt`).
    func engine(salt: String = "s") throws -> Engine {
        Engine(cache: try StepCache(folder: folder, salt: salt))
    }

    /// The value the engine finds for `key`, or `fresh` when it has to make it.
    func value(_ engine: Engine, _ key: String, else fresh: String) -> [String] {
        engine.persistentValue(Self.step, Self.key(key)) { [fresh] }
    }

    @Test func recordsGoToOnePackAtTheEndAndStayForLaterBuilds() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try engine()
        #expect(value(first, "a", else: "A") == ["A"])
        // Nothing is on disk before the pack is written: no file per record either.
        #expect(!FileManager.default.fileExists(atPath: pack.path))
        #expect(try engine().persistentValue(Self.step, Self.key("a")) { ["again"] } == ["again"])
        first.cache?.writePacks()
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("steps").path)
        #expect(files.sorted() == ["findings", "findings/pack"])
        // The next build reads it, and adds a record: both stay.
        let second = try engine()
        #expect(value(second, "a", else: "other") == ["A"])
        #expect(value(second, "b", else: "B") == ["B"])
        second.cache?.writePacks()
        let third = try engine()
        #expect(value(third, "a", else: "other") == ["A"])
        #expect(value(third, "b", else: "other") == ["B"])
        #expect(third.cache?.unreadableRecords == 0)
        // A build that made nothing leaves the pack as it is.
        let written = try FileManager.default.attributesOfItem(atPath: pack.path)[.modificationDate] as? Date
        third.cache?.writePacks()
        #expect(try FileManager.default.attributesOfItem(atPath: pack.path)[.modificationDate] as? Date == written)
    }

    @Test func aDamagedPackCostsTheRecordsPastTheDamage() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try engine()
        for name in ["a", "b", "c", "d"] { _ = value(first, name, else: name.uppercased()) }
        first.cache?.writePacks()
        let bytes = try Data(contentsOf: pack)
        // Cut in the middle of the last record: the others are still used.
        try bytes.dropLast(3).write(to: pack)
        let cut = try engine()
        let found = ["a", "b", "c", "d"].filter { value(cut, $0, else: "made") != ["made"] }
        #expect(found.count == 3)
        #expect(cut.cache?.unreadableRecords == 1)
        cut.cache?.writePacks()
        // A byte changed: the record it falls in fails its checksum (in a length, the entries from
        // there are lost; in a name, that record is not found); a changed signature loses the
        // whole pack.
        var changed = [UInt8](try Data(contentsOf: pack))
        changed[changed.count / 2] ^= 0x20
        try Data(changed).write(to: pack)
        let flipped = try engine()
        let values = ["a", "b", "c", "d"].map { value(flipped, $0, else: "made") }
        // Never a wrong value: each is its own or made again, and one at least was made again.
        for (name, value) in zip(["a", "b", "c", "d"], values) {
            #expect(value == [name.uppercased()] || value == ["made"], "\(name): \(value)")
        }
        #expect(values.contains(["made"]))
        try Data("BKCQ".utf8 + changed.dropFirst(4)).write(to: pack)
        let foreign = try engine()
        #expect(["a", "b", "c", "d"].allSatisfy { value(foreign, $0, else: "made") == ["made"] })
        #expect(foreign.cache?.unreadableRecords == 1)
    }

    @Test func recordsUnusedForMoreThanEightWritesGoAndUsedOnesStay() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try engine()
        _ = value(first, "old", else: "OLD")
        _ = value(first, "kept", else: "KEPT")
        first.cache?.writePacks()
        // Nine later builds each make a record of their own and use `kept`, never `old`.
        for build in 1...9 {
            let later = try engine()
            #expect(value(later, "kept", else: "made") == ["KEPT"], "build \(build)")
            _ = value(later, "new\(build)", else: "NEW")
            later.cache?.writePacks()
        }
        let last = try engine()
        #expect(value(last, "kept", else: "made") == ["KEPT"])
        #expect(value(last, "new9", else: "made") == ["NEW"])
        // The first later build's record has gone eight writes without a use: it stays. `old` went
        // at the ninth.
        #expect(value(last, "new1", else: "made") == ["NEW"])
        #expect(value(last, "old", else: "made") == ["made"])
        #expect(last.cache?.unreadableRecords == 0)
    }

    @Test func anotherBeckonsPackIsReadAsEmptyAndReplaced() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try engine(salt: "one")
        _ = value(first, "a", else: "A")
        first.cache?.writePacks()
        let other = try engine(salt: "two")
        #expect(value(other, "a", else: "made") == ["made"])
        #expect(other.cache?.unreadableRecords == 0)
        other.cache?.writePacks()
        #expect(value(try engine(salt: "two"), "a", else: "again") == ["made"])
        #expect(value(try engine(salt: "one"), "a", else: "again") == ["again"])
    }

    @Test func aPackedRecordWhoseInputChangedIsMadeAgain() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = InputID("string", scope: "de-DE", name: "title")
        func build(_ text: String, made: String) throws -> [String] {
            let engine = try engine()
            engine.beginRun()
            engine.provide("string") { _ in Fingerprint(of: Array(text.utf8)) }
            let result = engine.persistentValue(Self.step, Self.key("page")) {
                input.record()
                return [made]
            }
            engine.endRun()
            engine.cache?.writePacks()
            return result
        }
        #expect(try build("Hallo", made: "first") == ["first"])
        #expect(try build("Hallo", made: "second") == ["first"])
        #expect(try build("Guten Tag", made: "third") == ["third"])
        #expect(try build("Guten Tag", made: "fourth") == ["third"])
    }
}
