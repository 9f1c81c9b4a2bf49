import Foundation
import Testing

@testable import BeckonEngine

@Suite struct EngineTests {
    static func key(_ text: String) -> Fingerprint {
        var builder = FingerprintBuilder("test")
        builder.add(text)
        return builder.finish()
    }

    @Test func aResultIsComputedOncePerKey() {
        let engine = Engine()
        engine.beginRun()
        var computed = 0
        for _ in 0..<3 {
            let value = engine.value("step", Self.key("a")) {
                computed += 1
                return 42
            }
            #expect(value == 42)
        }
        _ = engine.value("step", Self.key("b")) { 7 }
        #expect(computed == 1)
        #expect(engine.stats.runs(of: "step") == 2)
        #expect(engine.stats.hits["step"] == 2)
    }

    @Test func releasedResultsAreComputedAgain() {
        let engine = Engine()
        engine.beginRun()
        var computed = 0
        _ = engine.value("step", Self.key("a")) { computed += 1 }
        engine.releaseResults()
        _ = engine.value("step", Self.key("a")) { computed += 1 }
        #expect(computed == 2)
    }

    @Test func aRunDropsWhatItDidNotUse() {
        let engine = Engine()
        engine.beginRun()
        _ = engine.value("step", Self.key("old")) { 1 }
        engine.endRun()
        engine.beginRun()
        _ = engine.value("step", Self.key("new")) { 2 }
        engine.endRun()
        engine.beginRun()
        var recomputed = false
        _ = engine.value("step", Self.key("old")) {
            recomputed = true
            return 1
        }
        #expect(recomputed)
    }

    @Test func aRunThatComputedNothingKeepsWhatItsStepsHold() {
        let engine = Engine()
        engine.beginRun()
        _ = engine.value("outer", Self.key("site")) { engine.value("inner", Self.key("part")) { 1 } }
        engine.endRun()
        // Nothing changed: the outer step is reused whole and the inner one is not asked.
        engine.beginRun()
        _ = engine.value("outer", Self.key("site")) { 0 }
        engine.endRun()
        engine.beginRun()
        var recomputed = false
        _ = engine.value("inner", Self.key("part")) {
            recomputed = true
            return 1
        }
        #expect(!recomputed)
    }

    @Test func aRunThatStoppedEarlyKeepsEverything() {
        let engine = Engine()
        engine.beginRun()
        _ = engine.value("step", Self.key("old")) { 1 }
        engine.endRun()
        // A broken edit: the run uses nothing, and keeps what the last good run made.
        engine.beginRun()
        engine.endRun(pruning: false)
        engine.beginRun()
        var recomputed = false
        _ = engine.value("step", Self.key("old")) {
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

    @Test func fingerprintsRoundTripThroughHex() {
        let print = Self.key("hex")
        #expect(Fingerprint(hex: print.description) == print)
        #expect(print.description.count == 32)
        #expect(Fingerprint(hex: "xyz") == nil)
    }

    @Test func theDiskCacheServesTheNextEngineAndSurvivesDamage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Engine(cache: try StepCache(folder: folder, salt: "one"))
        first.beginRun()
        #expect(first.persistentValue("kept", Self.key("k")) { ["a", "b"] } == ["a", "b"])
        let second = Engine(cache: try StepCache(folder: folder, salt: "one"))
        second.beginRun()
        var computed = false
        let value = second.persistentValue("kept", Self.key("k")) {
            computed = true
            return ["x"]
        }
        #expect(!computed)
        #expect(value == ["a", "b"])
        #expect(second.stats.diskHits["kept"] == 1)
        // Another salt (another Beckon) never reads these records.
        let other = Engine(cache: try StepCache(folder: folder, salt: "two"))
        other.beginRun()
        #expect(other.persistentValue("kept", Self.key("k")) { ["fresh"] } == ["fresh"])
        // A damaged record counts as missing.
        let records = FileManager.default.enumerator(
            at: folder.appendingPathComponent("steps"), includingPropertiesForKeys: nil)
        while let url = records?.nextObject() as? URL {
            if url.pathExtension == "json" { try Data("{broken".utf8).write(to: url) }
        }
        let third = Engine(cache: try StepCache(folder: folder, salt: "one"))
        third.beginRun()
        #expect(third.persistentValue("kept", Self.key("k")) { ["recomputed"] } == ["recomputed"])
    }

    @Test func blobsAreStoredOnceAndCheckedOnRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try StepCache(folder: folder, salt: "s")
        let bytes = Array("hello".utf8)
        let print = cache.storeBlob(bytes)
        #expect(cache.storeBlob(bytes) == print)
        #expect(cache.blob(print) == bytes)
        let name = print.description
        let url = folder.appendingPathComponent("blobs/\(name.prefix(2))/\(name)")
        try Data("tampered".utf8).write(to: url)
        #expect(cache.blob(print, verify: true) == nil)
    }
}
