import BeckonStore
import GRDB

extension StoreError {
    /// The store error for anything a database access threw. Messages name the operation and
    /// SQLite's result code, never a value: GRDB's own descriptions can quote rows and
    /// statement arguments, which hold names and recipients.
    static func from(_ error: any Error, during operation: String) -> StoreError {
        switch error {
        case let rejection as ChangeRejection:
            .rejected(rejection.message)
        case let error as DatabaseError:
            .unavailable("\(operation) failed: SQLite error \(error.extendedResultCode)")
        case let error as StoredValueError:
            .unavailable("\(operation) failed: the database holds an unreadable value in \(error.column)")
        case is RowDecodingError:
            .unavailable("\(operation) failed: the database holds an unreadable row")
        case is CancellationError:
            .unavailable("\(operation) was cancelled")
        default:
            .unavailable("\(operation) failed: \(type(of: error))")
        }
    }
}
