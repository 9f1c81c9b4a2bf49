import GRDB
import Synchronization

/// Read-only connections to the database file for the lookups every link makes (one invite by
/// its code, a sender's picture's time), each serving one lookup at a time.
///
/// A `DatabasePool` read takes a reader from the pool through a dispatch barrier and checks the
/// schema's version before each read; a lookup here takes an idle connection from a list under a
/// lock and runs its one statement (SQLite still reads a consistent snapshot for it, and sees every
/// commit, from this process or another). When every connection is busy the lookup is the pool's.
final class LookupConnections: Sendable {
    private let idle: Mutex<[DatabaseQueue]>

    /// Opens `count` read-only connections to the file at `path`.
    init(path: String, count: Int, configuration: Configuration) throws {
        var configuration = configuration
        configuration.readonly = true
        configuration.label = "BeckonStore.lookup"
        idle = Mutex(try (0..<count).map { _ in try DatabaseQueue(path: path, configuration: configuration) })
    }

    /// `value` run on an idle connection, or `nil` when none is idle.
    func read<T>(_ value: (Database) throws -> T) throws -> T? {
        guard let connection = idle.withLock({ $0.popLast() }) else { return nil }
        defer { idle.withLock { $0.append(connection) } }
        return try connection.unsafeRead(value)
    }
}
