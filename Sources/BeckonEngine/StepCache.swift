import BeckonRecords
import Foundation

/// Step results kept on disk between runs (`--cache DIR`): one record per step and fingerprint
/// (`StepRecord`: compact binary, checksummed, the step's reads before its value), and large byte
/// strings (rendered files) stored once each by their own fingerprint under `blobs/`. A `salt` —
/// Beckon's version and build — keeps results of another Beckon apart.
///
/// Entries are written atomically; a record that cannot be read (cut short, changed, of another
/// format) is treated as missing and counted (`unreadableRecords`), so a cache damaged by a crash
/// or a full disk costs time, never correctness. A cache whose records were written in another
/// format (the `format` file) has them set aside when it is opened (`replacedFormat`). A cache of
/// results that hold personal data seals its records (`RecordSealer`) and keeps them within a
/// byte budget.
public final class StepCache: @unchecked Sendable {
    public let folder: URL
    private let salt: String
    private let sealer: RecordSealer?
    private let budget: DiskBudget?
    /// Where records are written when writing them is not to hold up the step that made them.
    private let writer: DispatchQueue?
    /// Records waiting for `writer`.
    private var queued = 0
    private let lock = NSLock()
    /// The references of the blobs this process stored or found stored, by fingerprint.
    private var knownBlobs: [Fingerprint: String] = [:]
    private var unreadable = 0
    /// The packs of the steps whose records are kept together (`RecordPack`), by step.
    private var packs: [StepName: RecordPack] = [:]
    /// The format the folder's records were written in, when it was not this one: they were set
    /// aside when the cache was opened, and every result is made again.
    public private(set) var replacedFormat: String?
    /// Given to every record's encoder and decoder, for values that need help to be written
    /// (artifacts keep their bytes in `storeBlob`). Set it up before the first read or write.
    nonisolated(unsafe) public var codingUserInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// A cache in `folder`, created if missing.
    /// - Parameters:
    ///   - sealer: Seals every record; results kept with it should hold their bytes inline, as
    ///     blobs are stored as they are.
    ///   - budget: The most bytes the records may hold; over it, the least recently used go.
    ///   - writesInBackground: Encodes, seals and writes records on a queue of their own, so a
    ///     server's request does not wait for them; a record asked for while `maximumQueued` wait
    ///     is not written (a cache costs time when it misses, never correctness).
    public init(
        folder: URL, salt: String, sealer: RecordSealer? = nil, budget: Int? = nil, writesInBackground: Bool = false
    ) throws {
        let folder = folder.standardizedFileURL
        self.folder = folder
        blobFolder = folder.appendingPathComponent("blobs").path
        self.salt = salt
        self.sealer = sealer
        writer = writesInBackground ? DispatchQueue(label: "beckon.step-cache.writes", qos: .utility) : nil
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("blobs"), withIntermediateDirectories: true)
        blobDescriptor = open(blobFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        self.budget = budget.map { DiskBudget(bytes: $0, folder: folder.appendingPathComponent("steps")) }
        deleteRecordsSetAside()
        checkFormat()
    }

    /// What the `format` file says of records in this format.
    static let formatLine = "beckon step cache, record format \(StepRecord.formatVersion)\n"

    /// Sets the records aside when the `format` file names another format (or none, beside
    /// records), and writes this one's.
    private func checkFormat() {
        let file = folder.appendingPathComponent("format")
        let written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard written != Self.formatLine else { return }
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("steps").path) {
            replacedFormat =
                written.isEmpty ? "an older format" : written.trimmingCharacters(in: .whitespacesAndNewlines)
            removeRecords()
        }
        try? Data(Self.formatLine.utf8).write(to: file, options: .atomic)
    }

    /// How many records were found this process that could not be read: cut short, changed, or
    /// referring to stored bytes that are gone. Each was treated as missing.
    public var unreadableRecords: Int { lock.withLock { unreadable } }

    deinit {
        if blobDescriptor >= 0 { close(blobDescriptor) }
    }

    /// The bytes the records hold, as the budget counts them; `nil` without a budget.
    public var recordBytes: Int? { budget?.usedBytes }

    /// The record of a step's result, if one was written by the same Beckon: the inputs the step
    /// read, read at once, and its value, decoded when asked (`value(as:)`). A record that does not
    /// read back is counted and missing.
    /// - Parameters:
    ///   - packed: The step keeps its records in a pack (`RecordPack`); ignored by a cache that
    ///     seals its records, keeps them within a budget or writes them in the background.
    ///   - kept: The step keeps only its most recently used records (`Step.recordsKept`): one
    ///     read counts as a use.
    ///   - readingInputs: Read the inputs the step read (`false`: step over them, for a caller
    ///     that does not check them).
    func read(
        _ step: StepName, _ key: Fingerprint, packed: Bool = false, kept: Int? = nil, readingInputs: Bool = true
    ) -> StepRecord.Parsed? {
        if packed, let pack = pack(step) {
            let (found, damage) = pack.record(recordName(key))
            if damage { noteUnreadable() }
            guard let found else { return nil }
            guard let parsed = StepRecord.parse(Array(found), userInfo: codingUserInfo, readingInputs: readingInputs)
            else {
                noteUnreadable()
                return nil
            }
            return parsed
        }
        let path = recordPath(step, key)
        guard let stored = FileBytes.read(path) else { return nil }
        guard let bytes = sealer == nil ? stored : sealer?.open(Data(stored)).map({ [UInt8]($0) }),
            let parsed = StepRecord.parse(bytes, userInfo: codingUserInfo, readingInputs: readingInputs)
        else {
            noteUnreadable()
            return nil
        }
        if let budget {
            budget.touch(URL(fileURLWithPath: path))
        } else if kept != nil {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        }
        return parsed
    }

    /// Which record a step keeps under `key` (`StepRecord.Parsed.record`), read from its header
    /// alone; `nil` when there is none in this format. Records kept in a pack or sealed have none.
    func recordIdentity(_ step: StepName, _ key: Fingerprint) -> UInt64? {
        guard sealer == nil, let header = FileBytes.read(recordPath(step, key), count: StepRecord.headerCount)
        else { return nil }
        return StepRecord.identity(ofHeader: header)
    }

    /// The pack of a step, made the first time it is asked for; `nil` for a cache that seals its
    /// records, keeps them within a budget or writes them in the background (they stay one file
    /// each).
    private func pack(_ step: StepName) -> RecordPack? {
        guard sealer == nil, budget == nil, writer == nil else { return nil }
        return lock.withLock {
            if let pack = packs[step] { return pack }
            let pack = RecordPack(
                path: "\(folder.path)/steps/\(step.rawValue)/pack", salt: Fingerprint(of: Array(salt.utf8)))
            packs[step] = pack
            return pack
        }
    }

    /// Writes the packs that gained records since the last call (`RecordPack`): at the end of
    /// every pipeline run.
    /// Records of packed steps made after the last call are lost with the process, which costs
    /// the next build their time, never a wrong result.
    public func writePacks() {
        for pack in lock.withLock({ Array(packs.values) }) { pack.write() }
    }

    /// Counts a record that was found and could not be used.
    func noteUnreadable() {
        lock.withLock { unreadable += 1 }
    }

    /// The most records waiting to be written in the background.
    static let maximumQueued = 64

    /// Writes the record of a step's result, now or (`writesInBackground`) soon.
    /// - Parameters:
    ///   - packed: The step keeps its records in a pack (`RecordPack`), written by `writePacks()`;
    ///     ignored by a cache that seals its records, keeps them within a budget or writes them in
    ///     the background.
    ///   - kept: Once this record is written, only the step's `kept` most recently used records
    ///     stay (`Step.recordsKept`).
    public func write<Value: Encodable & Sendable>(
        _ step: StepName, _ key: Fingerprint, _ value: Value, reads: [InputID: Fingerprint?], packed: Bool = false,
        kept: Int? = nil
    ) {
        if packed, let pack = pack(step) {
            if let record = StepRecord.encode(value, reads: reads, userInfo: codingUserInfo) {
                pack.keep(recordName(key), record)
            }
            return
        }
        guard let writer else { return writeNow(step, key, value, reads, kept: kept) }
        let accepted = lock.withLock {
            guard queued < Self.maximumQueued else { return false }
            queued += 1
            return true
        }
        guard accepted else { return }
        writer.async {
            self.writeNow(step, key, value, reads, kept: kept)
            self.lock.withLock { self.queued -= 1 }
        }
    }

    /// Waits until the records asked for so far are written: before the process ends.
    public func finishWrites() {
        writer?.sync {}
    }

    private func writeNow<Value: Encodable>(
        _ step: StepName, _ key: Fingerprint, _ value: Value, _ reads: [InputID: Fingerprint?], kept: Int?
    ) {
        guard let encoded = StepRecord.encode(value, reads: reads, userInfo: codingUserInfo).map({ Data($0) }),
            let data = sealer == nil ? encoded : sealer?.seal(encoded)
        else { return }
        let url = URL(fileURLWithPath: recordPath(step, key))
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let replaced = budget == nil ? 0 : (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        guard (try? data.write(to: url, options: .atomic)) != nil else { return }
        budget?.wrote(data.count, replacing: replaced)
        // A budget bounds the records already (and counts what it removes itself).
        if let kept, budget == nil { keep(url, andNewest: kept - 1, of: step) }
    }

    /// Removes the records of `step` but `written` and the `count` others most recently written
    /// or read (ties by name, so two processes agree). Only records: a file being written by
    /// another process (under a temporary name) is left alone.
    private func keep(_ written: URL, andNewest count: Int, of step: StepName) {
        let manager = FileManager.default
        let keys: [URLResourceKey] = [.isRegularFileKey, .contentModificationDateKey]
        let root = folder.appendingPathComponent("steps/\(step.rawValue)")
        let recordExtension = sealer == nil ? "record" : "sealed"
        let others = (manager.enumerator(at: root, includingPropertiesForKeys: keys)?.allObjects as? [URL] ?? [])
            .compactMap { url -> (url: URL, modified: Date)? in
                guard url.pathExtension == recordExtension, url.lastPathComponent != written.lastPathComponent,
                    let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true
                else { return nil }
                return (url, values.contentModificationDate ?? .distantPast)
            }
        let newestFirst = others.sorted {
            ($0.modified, $0.url.lastPathComponent) > ($1.modified, $1.url.lastPathComponent)
        }
        for record in newestFirst.dropFirst(max(0, count)) {
            try? manager.removeItem(at: record.url)
        }
    }

    /// Waits until the budget's sweeps are done (for tests).
    func settleBudget() {
        budget?.settle()
    }

    /// Removes every record (blobs stay): the records' folder is moved aside at once, so no later
    /// read finds one, and deleted in the background (a folder left aside by a process that
    /// stopped meanwhile is deleted when the next one opens the cache).
    public func removeRecords() {
        // Records queued before this call are written first, and so removed with the rest.
        writer?.sync {}
        let aside = folder.appendingPathComponent("\(Self.removedPrefix)\(UUID().uuidString)")
        guard (try? FileManager.default.moveItem(at: folder.appendingPathComponent("steps"), to: aside)) != nil
        else { return }
        budget?.reset()
        lock.withLock { packs = [:] }
        Self.removals.async { try? FileManager.default.removeItem(at: aside) }
    }

    /// Waits until the records removed so far are deleted (for tests).
    func settleRemovals() {
        Self.removals.sync {}
    }

    private static let removedPrefix = "removed-"
    private static let removals = DispatchQueue(label: "beckon.step-cache.removals", qos: .utility)

    /// Deletes what `removeRecords` moved aside and did not finish deleting.
    private func deleteRecordsSetAside() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(Self.removedPrefix) {
            let aside = folder.appendingPathComponent(name)
            Self.removals.async { try? FileManager.default.removeItem(at: aside) }
        }
    }

    /// Stores bytes once under their fingerprint and returns the reference a record keeps of them:
    /// the fingerprint and the stored file's modification time, which `blobFile` checks. Stored
    /// files may be hard-linked into an output folder (`ArtifactFolder.linkable`), where an edit
    /// in place edits them too: a stored file this process did not write is compared with `bytes`
    /// before it is reused, and replaced (a new file, atomically) when it differs.
    public func storeBlob(_ bytes: [UInt8]) -> String {
        let fingerprint = Fingerprint(of: bytes)
        if let known = lock.withLock({ knownBlobs[fingerprint] }) { return known }
        let path = blobURL(fingerprint).path
        let modified = Self.modificationTime(ofFile: path, holding: bytes) ?? Self.write(bytes, to: path)
        let reference = Self.reference(fingerprint, modified: modified ?? timespec())
        lock.withLock { knownBlobs[fingerprint] = reference }
        return reference
    }

    /// Writes a blob's file whole under a name of its own, then gives it the blob's name: a new
    /// link where there is none, so that of two threads or processes storing the same bytes at
    /// once the second finds the first's file and its time; a rename over a file with other bytes.
    /// Returns the file's modification time, or `nil` when it could not be written.
    private static func write(_ bytes: [UInt8], to path: String) -> timespec? {
        let temporary = "\(path).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard (try? Data(bytes).write(to: URL(fileURLWithPath: temporary))) != nil else { return nil }
        defer { unlink(temporary) }
        var status = stat()
        guard lstat(temporary, &status) == 0 else { return nil }
        if link(temporary, path) == 0 { return status.st_mtim }
        if let found = modificationTime(ofFile: path, holding: bytes) { return found }
        return rename(temporary, path) == 0 ? status.st_mtim : nil
    }

    /// The modification time of the regular file at `path` when it holds exactly `bytes`.
    private static func modificationTime(ofFile path: String, holding bytes: [UInt8]) -> timespec? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == bytes.count,
            FileBytes.read(descriptor, count: bytes.count) == bytes
        else { return nil }
        return status.st_mtim
    }

    /// A blob's reference: its name, `@`, and its file's modification time in seconds and
    /// nanoseconds since 1970 (`0123…ef@1764492000.123456789`).
    static func reference(_ fingerprint: Fingerprint, modified: timespec) -> String {
        let nanoseconds = String(modified.tv_nsec)
        let padding = String(repeating: "0", count: max(0, 9 - nanoseconds.count))
        return "\(fingerprint)@\(modified.tv_sec).\(padding)\(nanoseconds)"
    }

    /// The folder blobs are stored in, and the path of one below it (`blobFile`).
    public let blobFolder: String
    /// `blobFolder`, open, to look blobs up from (-1 when it could not be opened).
    private let blobDescriptor: Int32

    /// The path below `blobFolder` of the blob a reference names (as `storeBlob` returns it), when
    /// it is there with `count` bytes and the modification time the reference gives: a blob cut
    /// short, lengthened, gone, or written since it was stored (through a hard link in an output
    /// folder) is not handed out. Its content is not read.
    public func blobFile(_ reference: String, count: Int) -> String? {
        guard let (file, modified) = Self.parse(reference) else { return nil }
        var status = stat()
        // Looked up from the open blob folder: two path components instead of the whole path.
        // Looked up by path too when the folder was replaced since it was opened.
        let found =
            blobDescriptor >= 0 && fstatat(blobDescriptor, file, &status, AT_SYMLINK_NOFOLLOW) == 0
            ? 0 : lstat(blobFolder + "/" + file, &status)
        guard found == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == count,
            status.st_mtim.tv_sec == modified.tv_sec, status.st_mtim.tv_nsec == modified.tv_nsec
        else { return nil }
        return file
    }

    /// The file below `blobFolder` (`ab/ab…`) and the modification time a reference gives: 32
    /// lower-case hex digits, `@`, seconds, `.` and nine digits of nanoseconds. Read as bytes, as
    /// a warm build reads two for each of its files.
    static func parse(_ reference: String) -> (file: String, modified: timespec)? {
        var text = reference
        return text.withUTF8 { bytes -> (String, timespec)? in
            let dot = bytes.count - 10
            guard dot > 33, bytes[32] == UInt8(ascii: "@"), bytes[dot] == UInt8(ascii: "."),
                bytes[..<32].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
                let seconds = decimal(bytes[33..<dot]), let nanoseconds = decimal(bytes[(dot + 1)...])
            else { return nil }
            let file = String(unsafeUninitializedCapacity: 35) { path in
                path[0] = bytes[0]
                path[1] = bytes[1]
                path[2] = UInt8(ascii: "/")
                for index in 0..<32 { path[3 + index] = bytes[index] }
                return 35
            }
            return (file, timespec(tv_sec: seconds, tv_nsec: nanoseconds))
        }
    }

    /// Decimal digits (at most 18) as a number.
    private static func decimal(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard (1...18).contains(digits.count) else { return nil }
        var value = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }

    /// A record's name: its key, salted with the identity of the Beckon that writes it.
    private func recordName(_ key: Fingerprint) -> Fingerprint {
        var builder = FingerprintBuilder("record")
        builder.add(salt)
        builder.add(key)
        return builder.finish()
    }

    private func recordPath(_ step: StepName, _ key: Fingerprint) -> String {
        let record = recordName(key).description
        let name = sealer?.fileName(record) ?? record
        return "\(folder.path)/steps/\(step.rawValue)/\(name.prefix(2))/\(name)\(sealer == nil ? ".record" : ".sealed")"
    }

    private func blobURL(_ fingerprint: Fingerprint) -> URL {
        let name = fingerprint.description
        return folder.appendingPathComponent("blobs/\(name.prefix(2))/\(name)")
    }
}
