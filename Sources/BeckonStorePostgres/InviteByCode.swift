import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// The lookup every invite link makes: the invite with a code, and when its sender's picture
/// last changed. Prepared once per connection (PostgresNIO keeps it by `name`), so the server
/// plans it once instead of parsing it on every request.
struct InviteByCode: PostgresPreparedStatement {
    typealias Row = (record: InviteRecord, avatarUpdatedAt: Date?)

    static let name = "beckon_invite_by_code_1"

    static let sql = InviteRecord.selectSQL.replacingOccurrences(
        of: " FROM invites",
        with: ", (SELECT updated_at FROM avatars WHERE avatars.sender_id = invites.sender_id) AS avatar_updated_at"
            + " FROM invites WHERE code = $1")

    /// The columns in the order `sql` selects them.
    private static let columns = InviteRecord.columns + ["avatar_updated_at"]

    static let bindingDataTypes: [PostgresDataType] = [.text]

    /// The code looked up.
    var code: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(code)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let columns = ColumnReader(row, table: "invites", order: Self.columns)
        let updated = try ColumnReader(columns, table: "avatars").optional("avatar_updated_at", as: Int64.self)
        return (try InviteRecord(columns: columns), updated.map(Milliseconds.date))
    }
}
