import BeckonStore
import Foundation
import GRDB
import InviteModel

/// How an `InviteRecord` maps to a row of `invites`: the columns `InviteColumn.all` declares, in
/// its order, ids kept as their text.
extension InviteRecord {
    /// The columns of `invites`, in the order `insertSQL` binds them.
    static let columns = InviteColumn.names

    static let selectSQL = "SELECT \(columns.joined(separator: ", ")) FROM invites"

    static let insertSQL =
        "INSERT INTO invites (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"

    /// Rewrites every column but the id, which identifies the row: the arguments are
    /// `updateArguments`.
    static let updateSQL =
        "UPDATE invites SET \(columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"

    /// The arguments of `insertSQL`: every column's value, in the order of `columns`.
    var arguments: StatementArguments { StatementArguments(values) }

    /// The arguments of `updateSQL`: every column's value but the id's, then the id.
    var updateArguments: StatementArguments { StatementArguments(values.dropFirst() + [values[0]]) }

    /// Each column's value, in the order of `columns`.
    private var values: [(any DatabaseValueConvertible)?] {
        InviteColumn.all.map { column in
            switch column.value(self) {
            case nil: nil
            case .uuid(let id): id.uuidString
            case .text(let text): text
            case .integer(let integer): integer
            }
        }
    }

    /// Each column's position in `columns`, which is its index in a row selected with `selectSQL`:
    /// a row is read by position, not by a case-insensitive search for each column's name.
    private static let positions = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })

    /// Reads a row selected with `selectSQL` (or with more columns after `columns`).
    init(row: some StoredColumns) throws {
        try self.init { column in
            guard let index = Self.positions[column.name] else { throw StoredValueError(column: column.qualifiedName) }
            switch column.kind {
            case .uuid:
                return try row.text(at: index, column: column.qualifiedName).map { text in
                    guard let id = UUID(storedText: text) else { throw StoredValueError(column: column.qualifiedName) }
                    return .uuid(id)
                }
            case .text: return try row.text(at: index, column: column.qualifiedName).map(StoredValue.text)
            case .milliseconds: return try row.integer(at: index, column: column.qualifiedName).map(StoredValue.integer)
            }
        }
    }
}
