import Foundation

/// Step results kept on disk between runs (`--cache DIR`): one JSON record per step and
/// fingerprint, and large byte strings (rendered files) stored once each by their own fingerprint
/// under `blobs/`. A `salt` — Beckon's version and build — keeps results of another Beckon apart.
///
/// Entries are written atomically; a record that cannot be read is treated as missing, so a cache
/// damaged by a crash or a full disk costs time, never correctness.
public final class StepCache: @unchecked Sendable {
    public let folder: URL
    private let salt: String
    private let lock = NSLock()
    private var knownBlobs: Set<Fingerprint> = []
    /// Given to every record's encoder and decoder, for values that need help to be written
    /// (artifacts keep their bytes in `storeBlob`). Set it up before the first read or write.
    nonisolated(unsafe) public var codingUserInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init(folder: URL, salt: String) throws {
        self.folder = folder.standardizedFileURL
        self.salt = salt
        try FileManager.default.createDirectory(
            at: self.folder.appendingPathComponent("blobs"), withIntermediateDirectories: true)
    }

    /// The record of a step's result, if one was written by the same Beckon.
    public func read<Value: Decodable>(_ step: StepName, _ key: Fingerprint) -> Value? {
        guard let data = FileManager.default.contents(atPath: recordURL(step, key).path) else { return nil }
        let decoder = JSONDecoder()
        decoder.userInfo = codingUserInfo
        return try? decoder.decode(Value.self, from: data)
    }

    /// Writes the record of a step's result.
    public func write<Value: Encodable>(_ step: StepName, _ key: Fingerprint, _ value: Value) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.userInfo = codingUserInfo
        guard let data = try? encoder.encode(value) else { return }
        let url = recordURL(step, key)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url, options: .atomic)
    }

    /// Stores bytes once under their fingerprint and returns it.
    public func storeBlob(_ bytes: [UInt8]) -> Fingerprint {
        let fingerprint = Fingerprint(of: bytes)
        let known = lock.withLock { !knownBlobs.insert(fingerprint).inserted }
        let url = blobURL(fingerprint)
        if !known, !FileManager.default.fileExists(atPath: url.path) {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(bytes).write(to: url, options: .atomic)
        }
        return fingerprint
    }

    /// The bytes stored under a fingerprint. Blobs are written atomically under the name of their
    /// content, so one that exists is whole; `verify` checks the content against the name too.
    public func blob(_ fingerprint: Fingerprint, verify: Bool = false) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: blobURL(fingerprint).path) else { return nil }
        let bytes = [UInt8](data)
        return !verify || Fingerprint(of: bytes) == fingerprint ? bytes : nil
    }

    private func recordURL(_ step: StepName, _ key: Fingerprint) -> URL {
        var builder = FingerprintBuilder("record")
        builder.add(salt)
        builder.add(key)
        let name = builder.finish().description
        return folder.appendingPathComponent("steps/\(step.rawValue)/\(name.prefix(2))/\(name).json")
    }

    private func blobURL(_ fingerprint: Fingerprint) -> URL {
        let name = fingerprint.description
        return folder.appendingPathComponent("blobs/\(name.prefix(2))/\(name)")
    }
}
