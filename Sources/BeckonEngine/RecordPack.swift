import BeckonRecords
import Foundation

/// The records of one step kept together in one file (`steps/STEP/pack`) instead of one file
/// each: for steps with many small results (a check's findings for each of thousands of files),
/// where opening a file per record costs more than reading it. A run reads the pack once, the
/// first time it asks for one of the step's records, and writes it again at its end
/// (`StepCache.writePacks()`) when it made records: those it made or used, and those of earlier
/// runs that went at most `maximumAge` writes without a use, so records of a site as it was a few
/// edits ago stay and older ones go.
///
///     "BKCP" · version (1 byte) · salt (16 bytes) · entries:
///         record name (16 bytes) · age (1 byte) · length · record
///
/// A pack written by another Beckon (another salt) is read as empty and replaced. Each record
/// keeps its own checksum (`StepRecord`): a changed byte in one costs that record; an entry whose
/// name or length does not fit ends the pack there, and the records before it are still used.
/// Two processes writing one pack at once keep the records of the one that writes last.
final class RecordPack: @unchecked Sendable {
    static let signature: [UInt8] = Array("BKCP".utf8)
    /// How many writes in a row a record survives without being used; it goes at the next.
    static let maximumAge: UInt8 = 8

    private struct Entry {
        var range: Range<Int>
        var age: UInt8
    }

    private let path: String
    private let salt: Fingerprint
    /// Guards the fields below; `writing` keeps writes one at a time, without holding `lock`
    /// while the file is written.
    private let lock = NSLock()
    private let writing = NSLock()
    /// The pack as it was read (or last written): its bytes, and each record's place in them.
    private var bytes: [UInt8] = []
    private var stored: [Fingerprint: Entry]?
    /// Stored records used since the last write.
    private var touched: Set<Fingerprint> = []
    /// Records made since the last write, by name.
    private var made: [Fingerprint: [UInt8]] = [:]
    /// Whether the pack held something that did not read back, not yet reported.
    private var damage = false

    init(path: String, salt: Fingerprint) {
        self.path = path
        self.salt = salt
    }

    /// The record named `name`, made this process or from the pack, and whether the pack held a
    /// part that did not read back, not yet reported (then reported).
    func record(_ name: Fingerprint) -> (record: ArraySlice<UInt8>?, damage: Bool) {
        lock.withLock {
            defer { damage = false }
            if let record = made[name] { return (record[...], damage) }
            loadIfNeeded()
            guard let entry = stored?[name] else { return (nil, damage) }
            touched.insert(name)
            return (bytes[entry.range], damage)
        }
    }

    /// Keeps a record made this process, for the next `write()`.
    func keep(_ name: Fingerprint, _ record: [UInt8]) {
        lock.withLock { made[name] = record }
    }

    /// Writes the pack again, atomically, when records were made since the last write.
    func write() {
        writing.withLock {
            let snapshot = lock.withLock { () -> (made: [Fingerprint: [UInt8]], touched: Set<Fingerprint>)? in
                guard !made.isEmpty else { return nil }
                loadIfNeeded()
                return (made, touched)
            }
            guard let snapshot else { return }
            let entries = lock.withLock { encode(made: snapshot.made, touched: snapshot.touched) }
            let url = URL(fileURLWithPath: path)
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard (try? Data(entries).write(to: url, options: .atomic)) != nil else { return }
            // The pack on disk is now this one. What was made or used since the snapshot stays
            // to be written next time.
            lock.withLock {
                bytes = entries
                stored = Self.entries(of: entries, salt: salt).entries
                touched.subtract(snapshot.touched)
                for (name, record) in snapshot.made where made[name] == record { made[name] = nil }
            }
        }
    }

    /// The pack's bytes with `made` and `touched` at age 0 and the other stored records one write
    /// older, those past `maximumAge` left out. Called under `lock`.
    private func encode(made: [Fingerprint: [UInt8]], touched: Set<Fingerprint>) -> [UInt8] {
        var writer = RecordWriter(capacity: bytes.count + made.values.reduce(64) { $0 + $1.count + 24 })
        writer.writeRaw(Self.signature + [StepRecord.formatVersion])
        writer.write(salt)
        // In the order of their names, so that equal packs are equal files.
        let names = Set(stored.map { Array($0.keys) } ?? []).union(made.keys).sorted()
        for name in names {
            let record: ArraySlice<UInt8>
            let age: UInt8
            if let fresh = made[name] {
                (record, age) = (fresh[...], 0)
            } else if let entry = stored?[name] {
                guard touched.contains(name) || entry.age < Self.maximumAge else { continue }
                (record, age) = (bytes[entry.range], touched.contains(name) ? 0 : entry.age + 1)
            } else {
                continue
            }
            writer.write(name)
            writer.writeByte(age)
            writer.writeBytes(record)
        }
        return writer.bytes
    }

    /// Reads the pack the first time a record is asked for. Called under `lock`.
    private func loadIfNeeded() {
        guard stored == nil else { return }
        bytes = FileBytes.read(path) ?? []
        let (entries, complete) = Self.entries(of: bytes, salt: salt)
        stored = entries
        if !complete { damage = true }
    }

    /// The places and ages of the records in a pack's bytes, and whether every byte belonged to
    /// one; no records for a pack of another salt.
    private static func entries(of bytes: [UInt8], salt: Fingerprint) -> (entries: [Fingerprint: Entry], complete: Bool)
    {
        guard !bytes.isEmpty else { return ([:], true) }
        guard bytes.starts(with: signature + [StepRecord.formatVersion]) else { return ([:], false) }
        var reader = RecordReader(bytes, from: signature.count + 1)
        guard let written = try? reader.read(Fingerprint.self) else { return ([:], false) }
        guard written == salt else { return ([:], true) }
        var entries: [Fingerprint: Entry] = [:]
        while !reader.isAtEnd {
            guard let name = try? reader.read(Fingerprint.self), let age = try? reader.readByte(),
                let record = try? reader.readBytes()
            else { return (entries, false) }
            entries[name] = Entry(range: record.startIndex..<record.endIndex, age: age)
        }
        return (entries, true)
    }
}
