import BeckonRecords
import Foundation

/// The records of one step kept together in one file (`steps/STEP/pack`) instead of one file
/// each: for steps with many small results (a check's findings for each of thousands of files),
/// where opening a file per record costs more than reading it. A build reads the pack once, the
/// first time it asks for one of the step's records, and writes it again at its end
/// (`StepCache.writePacks()`) with every record it read or made: the records of earlier builds
/// stay, and one made again replaces its older self.
///
///     "BKCP" · version (1 byte) · entries: record name (16 bytes) · length · record
///
/// Each record keeps its own checksum (`StepRecord`); an entry that does not fit ends the pack
/// there, and the records before it are still used.
final class RecordPack: @unchecked Sendable {
    static let signature: [UInt8] = Array("BKCP".utf8)

    private let path: String
    private let lock = NSLock()
    /// The pack as it was read: its bytes, and each record's place in them.
    private var bytes: [UInt8] = []
    private var stored: [Fingerprint: Range<Int>]?
    /// Records made this process (and so to be written), by name.
    private var made: [Fingerprint: [UInt8]] = [:]
    /// Whether the pack held something that did not read back, not yet reported.
    private var damage = false

    init(path: String) {
        self.path = path
    }

    /// The record named `name`, from the pack or made this process.
    func record(_ name: Fingerprint) -> ArraySlice<UInt8>? {
        lock.withLock {
            if let record = made[name] { return record[...] }
            loadIfNeeded()
            return stored?[name].map { bytes[$0] }
        }
    }

    /// Keeps a record made this process, for the next `write()`.
    func keep(_ name: Fingerprint, _ record: [UInt8]) {
        lock.withLock { made[name] = record }
    }

    /// Whether the pack held a part that did not read back since the last call.
    func takeDamage() -> Bool {
        lock.withLock {
            defer { damage = false }
            return damage
        }
    }

    /// Writes the pack again, atomically, when records were made this process: every record it
    /// held, with those made replacing their older selves.
    func write() {
        let (entries, count) = lock.withLock { () -> ([UInt8], Int) in
            guard !made.isEmpty else { return ([], 0) }
            loadIfNeeded()
            var writer = RecordWriter(capacity: bytes.count + made.values.reduce(0) { $0 + $1.count + 24 })
            writer.writeRaw(Self.signature + [StepRecord.formatVersion])
            func append(_ name: Fingerprint, _ record: some Collection<UInt8>) {
                writer.write(name)
                writer.writeBytes(record)
            }
            // In the order of their names, so that equal packs are equal files.
            let names = Set(stored.map { Array($0.keys) } ?? []).union(made.keys).sorted()
            for name in names {
                if let record = made[name] {
                    append(name, record)
                } else if let range = stored?[name] {
                    append(name, bytes[range])
                }
            }
            return (writer.bytes, names.count)
        }
        guard count > 0 else { return }
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard (try? Data(entries).write(to: url, options: .atomic)) != nil else { return }
        // The pack on disk is now this one: what was made is part of what is stored.
        lock.withLock {
            bytes = entries
            stored = Self.entries(of: entries).entries
            made = [:]
        }
    }

    /// Reads the pack the first time a record is asked for. Called under `lock`.
    private func loadIfNeeded() {
        guard stored == nil else { return }
        bytes = FileBytes.read(path) ?? []
        let (entries, complete) = Self.entries(of: bytes)
        stored = entries
        if !complete { damage = true }
    }

    /// The places of the records in a pack's bytes, and whether every byte belonged to one.
    private static func entries(of bytes: [UInt8]) -> (entries: [Fingerprint: Range<Int>], complete: Bool) {
        guard !bytes.isEmpty else { return ([:], true) }
        guard bytes.starts(with: signature + [StepRecord.formatVersion]) else { return ([:], false) }
        var reader = RecordReader(bytes, from: signature.count + 1)
        var entries: [Fingerprint: Range<Int>] = [:]
        while !reader.isAtEnd {
            guard let name = try? reader.read(Fingerprint.self), let record = try? reader.readBytes() else {
                return (entries, false)
            }
            entries[name] = record.startIndex..<record.endIndex
        }
        return (entries, true)
    }
}
