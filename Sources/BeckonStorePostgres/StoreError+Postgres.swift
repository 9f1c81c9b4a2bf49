import BeckonStore
import PostgresNIO

extension StoreError {
    /// The store error for anything a database access threw. Messages name the operation and
    /// PostgreSQL's SQLSTATE code or PostgresNIO's error kind, never a value, a host or a password:
    /// the server's own messages can quote rows and statement arguments, which hold names and
    /// recipients.
    static func from(_ error: any Error, during operation: String) -> StoreError {
        switch error {
        case let error as PostgresTransactionError:
            let inner = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
            return inner.map { from($0, during: operation) } ?? .unavailable("\(operation) failed")
        case let rejection as ChangeRejection:
            return .rejected(rejection.message)
        case let error as PSQLError:
            if let state = error.serverInfo?[.sqlState] {
                return .unavailable("\(operation) failed: PostgreSQL error \(state)")
            }
            return .unavailable("\(operation) failed: PostgreSQL \(error.code)")
        case let error as StoredValueError:
            return .unavailable("\(operation) failed: the database holds an unreadable value in \(error.column)")
        case is CancellationError:
            return .unavailable("\(operation) was cancelled")
        default:
            return .unavailable("\(operation) failed: \(type(of: error))")
        }
    }
}
