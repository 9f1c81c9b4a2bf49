import Crypto
import Foundation
import Testing

@testable import BeckonEngine

/// A step cache for results that hold personal data: records sealed and named by a keyed hash,
/// unreadable with another key, held within a byte budget, and removable at once.
@Suite struct SealedStepCacheTests {
    static let step = Step<[String]>("personal")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sealed-\(UUID().uuidString)")
    let key = SymmetricKey(size: .bits256)

    func key(_ text: String) -> Fingerprint { Self.step.key(text) }

    func cache(key: SymmetricKey? = nil, budget: Int? = nil) throws -> StepCache {
        try StepCache(folder: folder, salt: "s", sealer: RecordSealer(key: key ?? self.key), budget: budget)
    }

    func records() -> [URL] {
        let walker = FileManager.default.enumerator(
            at: folder.appendingPathComponent("steps"), includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { !$0.hasDirectoryPath && $0.pathExtension == "sealed" }
    }

    @Test func aRecordIsSealedAndNamedByAKeyedHash() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Engine(cache: try cache())
        _ = first.persistentValue(Self.step, key("k")) { ["Maya Lindqvist"] }
        let files = records()
        try #require(files.count == 1)
        let bytes = try Data(contentsOf: files[0])
        #expect(bytes.range(of: Data("Maya".utf8)) == nil)
        #expect(bytes.range(of: Data("personal".utf8)) == nil)
        // The plain record name (salt and key) is not the file name.
        var plain = FingerprintBuilder("record")
        plain.add("s")
        plain.add(key("k"))
        #expect(!files[0].lastPathComponent.contains(plain.finish().description))
        // The same key reads it back; another key finds nothing.
        var computed = false
        let again = Engine(cache: try cache()).persistentValue(Self.step, key("k")) {
            computed = true
            return ["x"]
        }
        #expect(!computed && again == ["Maya Lindqvist"])
        let other = Engine(cache: try cache(key: SymmetricKey(size: .bits256)))
        #expect(other.persistentValue(Self.step, key("k")) { ["fresh"] } == ["fresh"])
    }

    @Test func recordsWrittenInTheBackgroundAreThereOnceFinished() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try StepCache(
            folder: folder, salt: "s", sealer: RecordSealer(key: key), budget: 1 << 20, writesInBackground: true)
        let engine = Engine(cache: cache)
        for index in 0..<20 { _ = engine.persistentValue(Self.step, key("k\(index)")) { ["v\(index)"] } }
        cache.finishWrites()
        #expect(records().count == 20)
        var computed = false
        let read = Engine(cache: try self.cache()).persistentValue(Self.step, key("k7")) {
            computed = true
            return []
        }
        #expect(!computed && read == ["v7"])
    }

    @Test func anAlteredRecordCountsAsMissing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = Engine(cache: try cache()).persistentValue(Self.step, key("k")) { ["a"] }
        for url in records() {
            var bytes = try Data(contentsOf: url)
            bytes[bytes.count / 2] ^= 1
            try bytes.write(to: url)
        }
        #expect(Engine(cache: try cache()).persistentValue(Self.step, key("k")) { ["again"] } == ["again"])
    }

    @Test func anAsynchronousStepIsKeptOnDiskUnlessItThrows() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        struct Refused: Error {}
        let first = Engine(cache: try cache())
        await #expect(throws: Refused.self) {
            try await first.persistentValue(Self.step, key("k")) { () async throws(Refused) -> [String] in
                throw Refused()
            }
        }
        #expect(records().isEmpty)
        let made = try await first.persistentValue(Self.step, key("k")) { () async throws(Refused) in ["made"] }
        #expect(made == ["made"])
        let second = Engine(cache: try cache())
        let reused = try await second.persistentValue(Self.step, key("k")) { () async throws(Refused) in ["other"] }
        #expect(reused == ["made"])
        #expect(second.stats.diskHits["personal"] == 1)
    }

    @Test func theBudgetRemovesTheLeastRecentlyUsedRecords() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Records of 1,053 bytes: 19 of them pass the budget, and a sweep leaves 14.
        let filler = String(repeating: "x", count: 1_006)
        let cache = try cache(budget: 20_000)
        let engine = Engine(cache: cache)
        for index in 0..<15 {
            _ = engine.persistentValue(Self.step, key("k\(index)")) { [filler] }
        }
        // Every record dates from an hour ago; then the first is read, which makes it the newest.
        let old = Date(timeIntervalSinceNow: -3_600)
        for url in records() {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
        }
        _ = Engine(cache: cache).persistentValue(Self.step, key("k0")) { ["recomputed"] }
        for index in 15..<27 {
            _ = engine.persistentValue(Self.step, key("k\(index)")) { [filler] }
            cache.settleBudget()
        }
        let total = records().reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
        #expect(total <= 20_000)
        #expect(cache.recordBytes == total)
        func kept(_ index: Int) -> Bool {
            cache.read(Self.step.name, key("k\(index)")) != nil
        }
        // Two sweeps removed ten of the old records, and neither the one read nor any newer one.
        #expect(kept(0))
        #expect((1..<15).count(where: kept) == 4)
        #expect((15..<27).allSatisfy(kept))
        // A new cache on the folder counts what is there.
        #expect(try self.cache(budget: 20_000).recordBytes == cache.recordBytes)
    }

    @Test func removingTheRecordsLeavesNone() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try cache(budget: 1 << 20)
        let engine = Engine(cache: cache)
        for index in 0..<5 { _ = engine.persistentValue(Self.step, key("k\(index)")) { ["v"] } }
        #expect(records().count == 5)
        cache.removeRecords()
        #expect(records().isEmpty)
        #expect(cache.recordBytes == 0)
        #expect(Engine(cache: cache).persistentValue(Self.step, key("k0")) { ["new"] } == ["new"])
        cache.settleRemovals()
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(leftovers) == ["blobs", "format", "steps"])
        // A folder set aside by a process that stopped before deleting it goes at the next open.
        let aside = folder.appendingPathComponent("removed-left")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        try self.cache().settleRemovals()
        #expect(!FileManager.default.fileExists(atPath: aside.path))
    }
}
