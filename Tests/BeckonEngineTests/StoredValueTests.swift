import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonEngine

/// Results kept on disk by their key alone (`Engine.store`, `storedValue`, `storedRecord`): read
/// back without a resolver, counted as read from disk, and only as the very record asked for.
@Suite struct StoredValueTests {
    static let step = Step<[String]>("stored", recordsKept: 4)
    let folder = TemporaryDirectory()

    func engine() throws -> Engine {
        Engine(cache: try StepCache(folder: folder.url, salt: "s"))
    }

    @Test func aValueStoredByItsKeyReadsBackWithoutAResolver() throws {
        let key = Self.step.key("k")
        try engine().store(Self.step, key, ["Rua das Flores", "Ärztehaus"])
        let reader = try engine()
        #expect(reader.storedValue(Self.step, key) == ["Rua das Flores", "Ärztehaus"])
        #expect(reader.stats.diskHits["stored"] == 1)
        let record = try #require(reader.storedRecord(Self.step, key))
        #expect(reader.storedValue(Self.step, key, record: record) == ["Rua das Flores", "Ärztehaus"])
        #expect(reader.stats.diskHits["stored"] == 2)
        #expect(reader.storedValue(Self.step, Self.step.key("other")) == nil)
        #expect(reader.stats.diskHits["stored"] == 2)
    }

    /// A record written since under the same key is another record: asked for by the first one's
    /// identity, it is not handed out.
    @Test func aRecordWrittenSinceIsNotTheOneAskedFor() throws {
        let key = Self.step.key("k")
        let writer = try engine()
        writer.store(Self.step, key, ["first"])
        let first = try #require(writer.storedRecord(Self.step, key))
        writer.store(Self.step, key, ["second"])
        let second = try #require(writer.storedRecord(Self.step, key))
        #expect(first != second)
        let reader = try engine()
        #expect(reader.storedValue(Self.step, key, record: first) == nil)
        #expect(reader.storedValue(Self.step, key, record: second) == ["second"])
        #expect(reader.storedValue(Self.step, key) == ["second"])
        // Equal values make equal records.
        writer.store(Self.step, key, ["first"])
        #expect(writer.storedRecord(Self.step, key) == first)
    }

    /// A record changed on disk does not read back, and is counted as unreadable.
    @Test func aDamagedRecordIsMissing() throws {
        let key = Self.step.key("k")
        try engine().store(Self.step, key, ["value"])
        let walker = FileManager.default.enumerator(
            at: folder.url.appendingPathComponent("steps"), includingPropertiesForKeys: nil)
        let record = try #require((walker?.allObjects as? [URL])?.first { $0.pathExtension == "record" })
        var bytes = [UInt8](try Data(contentsOf: record))
        bytes[bytes.count - 2] ^= 0x20
        try Data(bytes).write(to: record)
        let reader = try engine()
        #expect(reader.storedValue(Self.step, key) == nil)
        #expect(reader.cache?.unreadableRecords == 1)
        #expect(reader.stats.diskHits["stored"] == nil)
    }
}
