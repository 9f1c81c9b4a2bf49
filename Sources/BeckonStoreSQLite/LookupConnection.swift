import BeckonStore
import Foundation
import GRDB
import GRDBSQLite

/// A read-only connection to the database file that runs the lookups every link makes on
/// statements it prepares once, stepping them and reading their columns through SQLite's own
/// functions: a lookup is its statement, without GRDB's row, cursor and dispatch queue around it.
/// Used by one caller at a time (`LookupConnections` hands it out).
final class LookupConnection {
    private let connection: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens the file at `path` for reading; a writer waiting longer than `busyTimeout` fails it.
    init(path: String, busyTimeout: TimeInterval) throws {
        var connection: OpaquePointer?
        let opened = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard opened == SQLITE_OK, let connection else {
            if let connection { sqlite3_close_v2(connection) }
            throw DatabaseError(resultCode: ResultCode(rawValue: opened))
        }
        self.connection = connection
        sqlite3_busy_timeout(connection, Int32(busyTimeout * 1000))
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(connection)
    }

    /// The first row of `sql` run with the text `arguments`, read by `read`, or `nil` when it has
    /// none. The statement is reset, and its arguments cleared, before this returns.
    func first<T>(_ sql: String, _ arguments: [String], _ read: (Columns) throws -> T) throws -> T? {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, argument) in arguments.enumerated() {
            // SQLite copies the text (`SQLITE_TRANSIENT`): it is not kept past the call.
            let bound = sqlite3_bind_text(statement, Int32(index + 1), argument, -1, Self.transient)
            guard bound == SQLITE_OK else { throw lastError() }
        }
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return try read(Columns(statement: statement))
        case SQLITE_DONE: return nil
        default: throw lastError()
        }
    }

    /// The current row of a stepped statement.
    struct Columns: StoredColumns {
        let statement: OpaquePointer

        func text(at index: Int, column name: @autoclosure () -> String) throws -> String? {
            let column = Int32(index)
            switch sqlite3_column_type(statement, column) {
            case SQLITE_NULL: return nil
            case SQLITE_TEXT:
                let count = Int(sqlite3_column_bytes(statement, column))
                guard let bytes = sqlite3_column_text(statement, column) else { return "" }
                return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
            default: throw StoredValueError(column: name())
            }
        }

        func integer(at index: Int, column name: @autoclosure () -> String) throws -> Int64? {
            let column = Int32(index)
            switch sqlite3_column_type(statement, column) {
            case SQLITE_NULL: return nil
            case SQLITE_INTEGER: return sqlite3_column_int64(statement, column)
            default: throw StoredValueError(column: name())
            }
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw lastError() }
        statements[sql] = statement
        return statement
    }

    /// The error of the connection's last failed call: its extended result code, never its
    /// message (which may quote a value).
    private func lastError() -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)))
    }

    /// `SQLITE_TRANSIENT`, which the C macro spells as a cast Swift does not import.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
