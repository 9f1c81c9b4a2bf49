import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// How an `InviteRecord` maps to a row of `invites`: the columns `InviteColumn.all` declares, in
/// its order.
extension InviteRecord {
    /// The columns of `invites`, in the order `selectSQL` selects them.
    static let columns = InviteColumn.names

    static let selectSQL = "SELECT \(columns.joined(separator: ", ")) FROM invites"

    /// Every column's value appended to `bindings`, in the order of `columns`.
    func bind(into bindings: inout PostgresBindings, skippingID: Bool = false) {
        for column in InviteColumn.all.dropFirst(skippingID ? 1 : 0) {
            switch (column.value(self), column.kind) {
            case (.uuid(let id)?, _): bindings.append(id)
            case (.text(let text)?, _): bindings.append(text)
            case (.integer(let integer)?, _): bindings.append(integer)
            case (nil, .uuid): bindings.append(UUID?.none)
            case (nil, .text): bindings.append(String?.none)
            case (nil, .milliseconds): bindings.append(Int64?.none)
            }
        }
    }

    /// The PostgreSQL type of each column, in the order of `columns`.
    static let dataTypes: [PostgresDataType] = InviteColumn.all.map { column in
        switch column.kind {
        case .uuid: .uuid
        case .text: .text
        case .milliseconds: .int8
        }
    }

    /// Rewrites every column but the id, which identifies the row.
    static let updateSQL =
        "UPDATE invites SET "
        + columns.dropFirst().enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
        + " WHERE id = $\(columns.count)"

    /// Rewrites every column but the id, which identifies the row.
    var updateQuery: PostgresQuery {
        var bindings = PostgresBindings(capacity: Self.columns.count)
        bind(into: &bindings, skippingID: true)
        bindings.append(invite.id)
        return PostgresQuery(unsafeSQL: Self.updateSQL, binds: bindings)
    }

    /// Reads a row selected with `selectSQL` (or with more columns after `columns`).
    init(row: PostgresRow) throws {
        try self.init(columns: ColumnReader(row, table: "invites", order: Self.columns))
    }

    /// Reads the columns of a row selected with `selectSQL` (or with more after them).
    init(columns: ColumnReader) throws {
        try self.init { column in
            switch column.kind {
            case .uuid: try columns.optional(column.name, as: UUID.self).map(StoredValue.uuid)
            case .text: try columns.optional(column.name, as: String.self).map(StoredValue.text)
            case .milliseconds: try columns.optional(column.name, as: Int64.self).map(StoredValue.integer)
            }
        }
    }
}
