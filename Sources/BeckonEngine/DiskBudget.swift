import Foundation

/// Holds the records of a step cache under a number of bytes: it counts what is written, and
/// once the count passes the budget it removes the least recently used records (by modification
/// time, which a read renews) down to three quarters of it, in the background.
final class DiskBudget: @unchecked Sendable {
    let bytes: Int
    private let folder: URL
    private let lock = NSLock()
    private var used = 0
    private var sweeping = false
    private let queue = DispatchQueue(label: "beckon.step-cache.budget", qos: .utility)

    /// Counts what `folder` already holds (the last process's records).
    init(bytes: Int, folder: URL) {
        self.bytes = bytes
        self.folder = folder
        used = Self.records(in: folder).reduce(0) { $0 + $1.size }
    }

    /// The bytes the records are counted at.
    var usedBytes: Int { lock.withLock { used } }

    /// Counts a record written (`size` bytes, `replaced` bytes of the one it replaced), and starts
    /// a sweep when the records are over the budget.
    func wrote(_ size: Int, replacing replaced: Int) {
        let start = lock.withLock {
            used += size - replaced
            guard used > bytes, !sweeping else { return false }
            sweeping = true
            return true
        }
        if start { queue.async { self.sweep() } }
    }

    /// Marks a record used, so it is among the last removed.
    func touch(_ url: URL) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
    }

    /// Waits until no sweep is running or due.
    func settle() {
        while lock.withLock({ sweeping }) { queue.sync {} }
    }

    /// Forgets every record (they were removed).
    func reset() {
        lock.withLock { used = 0 }
    }

    /// Removes the least recently used records until they hold three quarters of the budget.
    func sweep() {
        let records = Self.records(in: folder).sorted { $0.modified < $1.modified }
        var total = records.reduce(0) { $0 + $1.size }
        var removed = 0
        for record in records where total > bytes / 4 * 3 {
            guard (try? FileManager.default.removeItem(at: record.url)) != nil else { continue }
            total -= record.size
            removed += record.size
        }
        let again = lock.withLock {
            // Records written meanwhile were counted as they were written; if they put the count
            // over the budget again, another sweep follows.
            used = max(0, used - removed)
            sweeping = used > bytes
            return sweeping
        }
        if again { queue.async { self.sweep() } }
    }

    /// Every record file under `folder`, with its size and modification time.
    private static func records(in folder: URL) -> [(url: URL, size: Int, modified: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else {
            return []
        }
        var found: [(URL, Int, Date)] = []
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                continue
            }
            found.append((url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        return found
    }
}
