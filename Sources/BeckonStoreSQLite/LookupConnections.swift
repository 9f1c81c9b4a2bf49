import Foundation
import Synchronization

/// Read-only connections to the database file for the lookups every link makes (one invite by
/// its code or id, a sender's picture's time), each serving one lookup at a time.
///
/// A lookup takes an idle connection from a list under a lock and runs its one prepared statement
/// (SQLite still reads a consistent snapshot for it, and sees every commit, from this process or
/// another); when none is idle it opens another, which joins the list afterwards, so the list
/// grows to the most lookups ever run at once (at most the threads that run them). A `DatabasePool`
/// read would take a reader through a dispatch barrier and check the schema's version first, and
/// read the row through GRDB's row and cursor: together more than the lookup itself.
final class LookupConnections: Sendable {
    private let idle: Mutex<[Connection]>
    private let path: String
    private let busyTimeout: TimeInterval

    /// A connection, moved between the list and the one lookup using it.
    private struct Connection: @unchecked Sendable {
        let connection: LookupConnection
    }

    /// Opens `count` read-only connections to the file at `path`.
    init(path: String, count: Int, busyTimeout: TimeInterval) throws {
        self.path = path
        self.busyTimeout = busyTimeout
        idle = Mutex(
            try (0..<count).map { _ in
                Connection(connection: try LookupConnection(path: path, busyTimeout: busyTimeout))
            }
        )
    }

    /// The first row of `sql` run with `arguments`, read by `read`, or `nil` when it has none.
    func first<T>(_ sql: String, _ arguments: [String], _ read: (LookupConnection.Columns) throws -> T) throws -> T? {
        let taken = idle.withLock { $0.popLast() }
        let connection = try taken ?? Connection(connection: LookupConnection(path: path, busyTimeout: busyTimeout))
        defer { idle.withLock { $0.append(connection) } }
        return try connection.connection.first(sql, arguments, read)
    }
}
