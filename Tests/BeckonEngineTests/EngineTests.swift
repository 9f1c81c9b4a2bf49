import BeckonRecords
import Foundation
import Testing

@testable import BeckonEngine

@Suite struct EngineTests {
    static let step = Step<Int>("step")
    static let outer = Step<Int>("outer")
    static let inner = Step<Int>("inner")
    static let kept = Step<[String]>("kept")
    static let unit = Step<Void>("step")

    static func key(_ text: String) -> Fingerprint {
        var builder = FingerprintBuilder("test")
        builder.add(text)
        return builder.finish()
    }

    /// A step's results are filed by its name with their type: a second step of the same name
    /// and another result type stops the program at once, rather than missing every time.
    @Test func twoStepsOfOneNameAndTwoResultTypesStopTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let engine = Engine()
            var builder = FingerprintBuilder("test")
            builder.add("a")
            let key = builder.finish()
            _ = engine.value(Step<Int>("twice"), key) { 1 }
            _ = engine.value(Step<String>("twice"), key) { "one" }
        }
    }

    @Test func aResultIsComputedOncePerKey() {
        let engine = Engine()
        engine.beginRun()
        var computed = 0
        for _ in 0..<3 {
            let value = engine.value(Self.step, Self.key("a")) {
                computed += 1
                return 42
            }
            #expect(value == 42)
        }
        _ = engine.value(Self.step, Self.key("b")) { 7 }
        #expect(computed == 1)
        #expect(engine.stats.runs(of: "step") == 2)
        #expect(engine.stats.hits["step"] == 2)
    }

    @Test func releasedResultsAreComputedAgain() {
        let engine = Engine()
        engine.beginRun()
        var computed = 0
        _ = engine.value(Self.unit, Self.key("a")) { computed += 1 }
        engine.releaseResults()
        _ = engine.value(Self.unit, Self.key("a")) { computed += 1 }
        #expect(computed == 2)
    }

    @Test func aRunDropsWhatItDidNotUse() {
        let engine = Engine()
        engine.beginRun()
        _ = engine.value(Self.step, Self.key("old")) { 1 }
        engine.endRun()
        engine.beginRun()
        _ = engine.value(Self.step, Self.key("new")) { 2 }
        engine.endRun()
        engine.beginRun()
        var recomputed = false
        _ = engine.value(Self.step, Self.key("old")) {
            recomputed = true
            return 1
        }
        #expect(recomputed)
    }

    @Test func aRunThatComputedNothingKeepsWhatItsStepsHold() {
        let engine = Engine()
        engine.beginRun()
        _ = engine.value(Self.outer, Self.key("site")) { engine.value(Self.inner, Self.key("part")) { 1 } }
        engine.endRun()
        // Nothing changed: the outer step is reused whole and the inner one is not asked.
        engine.beginRun()
        _ = engine.value(Self.outer, Self.key("site")) { 0 }
        engine.endRun()
        engine.beginRun()
        var recomputed = false
        _ = engine.value(Self.inner, Self.key("part")) {
            recomputed = true
            return 1
        }
        #expect(!recomputed)
    }

    /// The outer result is reused in a run that computes something else; the next run changes the
    /// outer key and asks for the same parts: they are still there.
    @Test func reusingAnOuterResultKeepsItsPartsForLaterRuns() {
        let engine = Engine()
        func outer(_ version: String, _ counter: inout Int) -> Int {
            engine.value(Self.outer, Self.key(version)) {
                ["a", "b"].map { part in
                    engine.value(Self.inner, Self.key(part)) {
                        counter += 1
                        return 1
                    }
                }.reduce(0, +)
            }
        }
        var inner = 0
        engine.beginRun()
        _ = outer("v1", &inner)
        engine.endRun()
        engine.beginRun()
        _ = outer("v1", &inner)
        _ = engine.value(Self.step, Self.key("elsewhere")) { 3 }
        engine.endRun()
        #expect(inner == 2)
        engine.beginRun()
        _ = outer("v2", &inner)
        engine.endRun()
        #expect(inner == 2)
        #expect(engine.stats.runs(of: "inner") == 0)
        #expect(engine.stats.hits["inner"] == 2)
    }

    /// Parts asked from other threads, in the outer step's scope, are its parts too.
    @Test func partsAskedOnOtherThreadsBelongToTheirStep() {
        let engine = Engine()
        engine.beginRun()
        _ = engine.value(Self.outer, Self.key("site")) {
            let scope = StepScope.current
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                scope.run { _ = engine.value(Self.inner, Self.key("part \(index)")) { index } }
            }
            return 0
        }
        engine.endRun()
        engine.beginRun()
        _ = engine.value(Self.outer, Self.key("site")) { 0 }
        _ = engine.value(Self.step, Self.key("elsewhere")) { 3 }
        engine.endRun()
        engine.beginRun()
        var recomputed = 0
        for index in 0..<8 {
            _ = engine.value(Self.inner, Self.key("part \(index)")) {
                recomputed += 1
                return index
            }
        }
        #expect(recomputed == 0)
    }

    /// A part the new outer result no longer uses is dropped with the old outer result.
    @Test func partsNoLongerReachedAreDropped() {
        let engine = Engine()
        engine.beginRun()
        _ = engine.value(Self.outer, Self.key("v1")) { engine.value(Self.inner, Self.key("x")) { 1 } }
        engine.endRun()
        engine.beginRun()
        _ = engine.value(Self.outer, Self.key("v2")) { engine.value(Self.inner, Self.key("y")) { 2 } }
        engine.endRun()
        engine.beginRun()
        var recomputed = false
        _ = engine.value(Self.inner, Self.key("x")) {
            recomputed = true
            return 1
        }
        #expect(recomputed)
    }

    /// Inputs whose current values a test changes between runs.
    final class Values: @unchecked Sendable {
        var texts: [String: String] = [:]

        func provide(to engine: Engine) {
            engine.provide("text") { [self] input in
                texts[input.name].map { EngineTests.key($0) }
            }
        }
    }

    static func read(_ name: String) {
        InputID("text", name: name).record()
    }

    @Test func aResultIsReusedWhileWhatItReadIsUnchanged() {
        let engine = Engine()
        let values = Values()
        values.texts = ["a": "1", "b": "2"]
        var computed = 0
        func run() {
            engine.beginRun()
            values.provide(to: engine)
            _ = engine.value(Self.step, Self.key("k")) {
                computed += 1
                Self.read("a")
                return 0
            }
            engine.endRun()
        }
        run()
        run()
        #expect(computed == 1)
        values.texts["b"] = "changed"
        run()
        #expect(computed == 1)
        values.texts["a"] = "changed"
        run()
        #expect(computed == 2)
        values.texts["a"] = nil
        run()
        #expect(computed == 3)
    }

    @Test func whatAPartReadTheWholeReadToo() {
        let engine = Engine()
        let values = Values()
        values.texts = ["a": "1"]
        var outer = 0
        func run() {
            engine.beginRun()
            values.provide(to: engine)
            _ = engine.value(Self.outer, Self.key("site")) {
                outer += 1
                return engine.value(Self.inner, Self.key("part")) {
                    Self.read("a")
                    return 1
                }
            }
            engine.endRun()
        }
        run()
        run()
        #expect(outer == 1)
        values.texts["a"] = "2"
        run()
        #expect(outer == 2)
    }

    @Test func aReadNobodyCanFingerprintIsNeverReused() {
        let engine = Engine()
        var computed = 0
        for _ in 0..<2 {
            engine.beginRun()
            _ = engine.value(Self.step, Self.key("k")) {
                computed += 1
                Self.read("a")
                return 0
            }
            engine.endRun()
        }
        #expect(computed == 2)
    }

    @Test func theDiskCacheKeepsWhatAResultRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let values = Values()
        values.texts = ["a": "1"]
        func process() throws -> (value: [String], computed: Bool) {
            let engine = Engine(cache: try StepCache(folder: folder, salt: "one"))
            engine.beginRun()
            values.provide(to: engine)
            var computed = false
            let value = engine.persistentValue(Self.kept, Self.key("k")) {
                computed = true
                Self.read("a")
                return [values.texts["a"] ?? ""]
            }
            return (value, computed)
        }
        #expect(try process() == (["1"], true))
        #expect(try process() == (["1"], false))
        values.texts["a"] = "2"
        #expect(try process() == (["2"], true))
    }

    @Test func aRunThatStoppedEarlyKeepsEverything() {
        let engine = Engine()
        engine.beginRun()
        _ = engine.value(Self.step, Self.key("old")) { 1 }
        engine.endRun()
        // A broken edit: the run uses nothing, and keeps what the last good run made.
        engine.beginRun()
        engine.endRun(pruning: false)
        engine.beginRun()
        var recomputed = false
        _ = engine.value(Self.step, Self.key("old")) {
            recomputed = true
            return 1
        }
        #expect(!recomputed)
    }

    @Test(arguments: [(["ab", "c"], ["a", "bc"]), (["", "x"], ["x", ""]), (["a"], ["a", ""])])
    func piecesNeverRunTogether(first: [String], second: [String]) {
        func print(_ pieces: [String]) -> Fingerprint {
            var builder = FingerprintBuilder("pieces")
            for piece in pieces { builder.add(piece) }
            return builder.finish()
        }
        #expect(print(first) != print(second))
        #expect(print(first) == print(first))
    }

    /// An array's bytes (added through their own overload) fingerprint as the same bytes in any
    /// other collection, and as a text with those bytes.
    @Test(arguments: ["", "a", "record bytes", "Grüße 招待"])
    func anArrayFingerprintsAsAnyCollectionOfItsBytes(text: String) {
        func print(_ add: (inout FingerprintBuilder) -> Void) -> Fingerprint {
            var builder = FingerprintBuilder("bytes")
            add(&builder)
            return builder.finish()
        }
        let bytes = Array(text.utf8)
        let array = print { $0.add(bytes) }
        #expect(array == print { $0.add(bytes[...]) })
        #expect(array == print { $0.add(ContiguousArray(bytes)) })
        #expect(array == print { $0.add(text) })
        #expect(array != print { $0.add(bytes + [0]) })
    }

    @Test func fingerprintsAreWrittenAs32HexDigits() {
        let print = Fingerprint(high: 0xAB, low: 0x0123_4567_89AB_CDEF)
        #expect(print.description == "00000000000000ab0123456789abcdef")
        #expect(Self.key("hex").description.count == 32)
    }

    @Test func theDiskCacheServesTheNextEngineAndSurvivesDamage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Engine(cache: try StepCache(folder: folder, salt: "one"))
        first.beginRun()
        #expect(first.persistentValue(Self.kept, Self.key("k")) { ["a", "b"] } == ["a", "b"])
        let second = Engine(cache: try StepCache(folder: folder, salt: "one"))
        second.beginRun()
        var computed = false
        let value = second.persistentValue(Self.kept, Self.key("k")) {
            computed = true
            return ["x"]
        }
        #expect(!computed)
        #expect(value == ["a", "b"])
        #expect(second.stats.diskHits["kept"] == 1)
        // Another salt (another Beckon) never reads these records.
        let other = Engine(cache: try StepCache(folder: folder, salt: "two"))
        other.beginRun()
        #expect(other.persistentValue(Self.kept, Self.key("k")) { ["fresh"] } == ["fresh"])
        // A damaged record counts as missing.
        let records = FileManager.default.enumerator(
            at: folder.appendingPathComponent("steps"), includingPropertiesForKeys: nil)
        while let url = records?.nextObject() as? URL {
            if url.pathExtension == "record" { try Data("{broken".utf8).write(to: url) }
        }
        let third = Engine(cache: try StepCache(folder: folder, salt: "one"))
        third.beginRun()
        #expect(third.persistentValue(Self.kept, Self.key("k")) { ["recomputed"] } == ["recomputed"])
        #expect(third.cache?.unreadableRecords == 1)
    }

    @Test func blobsAreStoredOnceAndHandedOutWithTheirSizeAndTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try StepCache(folder: folder, salt: "s")
        let bytes = Array("hello".utf8)
        let reference = cache.storeBlob(bytes)
        #expect(cache.storeBlob(bytes) == reference)
        let name = String(reference.prefix { $0 != "@" })
        #expect(name == Fingerprint(of: bytes).description)
        let file = try #require(cache.blobFile(reference, count: bytes.count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache.blobFolder + "/" + file)) == Data(bytes))
        // Another size, another name, another time, or a name that is not one: not handed out.
        #expect(cache.blobFile(reference, count: bytes.count + 1) == nil)
        #expect(cache.blobFile(String(name.reversed()) + reference.dropFirst(32), count: bytes.count) == nil)
        #expect(cache.blobFile(name + "@0.000000000", count: bytes.count) == nil)
        #expect(cache.blobFile(name, count: bytes.count) == nil)
        #expect(cache.blobFile("../" + reference.dropFirst(3), count: bytes.count) == nil)
        try Data("tampered".utf8).write(to: URL(fileURLWithPath: cache.blobFolder + "/" + file))
        #expect(cache.blobFile(reference, count: bytes.count) == nil)
    }

    /// A reference names its file and time, and reads back to them; anything else names none.
    @Test(arguments: [(0, 0), (1, 5), (1_764_492_000, 123_456_789), (Int(Int32.max), 999_999_999), (9_999_999_999, 1)])
    func referencesReadBackToTheirFileAndTime(seconds: Int, nanoseconds: Int) throws {
        let fingerprint = Fingerprint(of: Array("page \(seconds)".utf8))
        let reference = StepCache.reference(fingerprint, modified: timespec(tv_sec: seconds, tv_nsec: nanoseconds))
        let parsed = try #require(StepCache.parse(reference))
        let name = fingerprint.description
        #expect(parsed.file == "\(name.prefix(2))/\(name)")
        #expect(parsed.modified.tv_sec == seconds && parsed.modified.tv_nsec == nanoseconds)
        for broken in [
            "", name, name + "@", name + "@1.12345678", name + "@.123456789", name + "@-1.123456789",
            name + "@1.1234567890", name.uppercased() + "@1.123456789", "../" + name.dropFirst(3) + "@1.123456789",
            name.dropLast() + "@1.123456789", name + "x@1.123456789", name + "@1x123456789", name + "@١.123456789",
        ] {
            #expect(StepCache.parse(String(broken)) == nil, "\(broken)")
        }
    }

    /// A stored file edited in place (through a hard link in an output folder) keeps its size and
    /// name: its time gives it away, and a cache storing the same bytes again writes a new file.
    @Test func aBlobEditedInPlaceIsNotHandedOutAndIsStoredAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = Array("<p>hello</p>".utf8)
        let first = try StepCache(folder: folder, salt: "s").storeBlob(bytes)
        // Stored a minute ago (a file's time moves in steps of a few milliseconds): a cache
        // finding it intact refers to it with that time.
        let name = String(first.prefix { $0 != "@" })
        let path = folder.path + "/blobs/\(name.prefix(2))/\(name)"
        try FileManager.default.setAttributes([.modificationDate: Date() - 60], ofItemAtPath: path)
        let cache = try StepCache(folder: folder, salt: "s")
        let reference = cache.storeBlob(bytes)
        #expect(reference != first && cache.blobFile(reference, count: bytes.count) != nil)
        let linked = folder.appendingPathComponent("index.html").path
        #expect(link(path, linked) == 0)
        let handle = try #require(FileHandle(forUpdatingAtPath: linked))
        try handle.write(contentsOf: Data("<p>HELLO</p>".utf8))
        try handle.close()
        #expect(cache.blobFile(reference, count: bytes.count) == nil)

        let stored = try StepCache(folder: folder, salt: "s").storeBlob(bytes)
        #expect(stored != reference)
        let file = try #require(cache.blobFile(stored, count: bytes.count))
        #expect(FileBytes.read(cache.blobFolder + "/" + file) == bytes)
        // The output's file is left as its editor left it.
        #expect(FileBytes.read(linked) == Array("<p>HELLO</p>".utf8))
        // A cache that finds the stored file intact reuses it, time and all.
        #expect(try StepCache(folder: folder, salt: "s").storeBlob(bytes) == stored)
    }
}
