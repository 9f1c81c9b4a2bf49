import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// A create in one statement: `beckon_create_invite` (migration v10) takes the sender's lock, checks
/// the idempotency key, a pending invite to the same recipient when asked, and the rate limit, and inserts the invite, its `invite_created` event and
/// the key, in the same order and with the same answers as the SQLite store. The invite goes in
/// as one row of `invites`, built from `InviteColumn.all`: the function names no column it does
/// not decide with, so a new column needs no new function. Prepared once per connection.
struct CreateInvite: PostgresPreparedStatement {
    /// What the function decided, and what the store reads next for it.
    enum Decision: Equatable {
        case created
        case replayed(inviteID: UUID)
        case keyReused
        /// Over the limit: `oldest` is the creation (milliseconds) of the invite whose leaving the
        /// window frees a slot, `nil` when the limit is zero.
        case limited(oldest: Int64?)
        case codeTaken
        /// The sender has a pending invite to the same recipient: its id.
        case recipientPending(inviteID: UUID)
    }

    typealias Row = Decision

    static let name = "beckon_create_invite_\(InviteRecord.columns.count)_unique"

    static let sql: String = {
        let count = InviteRecord.columns.count
        let row = (1...count).map { "$\($0)" }.joined(separator: ", ")
        let rest = (count + 1...count + 5).map { "$\($0)" }.joined(separator: ", ")
        return
            "SELECT result_kind, result_invite, result_oldest FROM beckon_create_invite(ROW(\(row))::invites, \(rest))"
    }()

    static let bindingDataTypes: [PostgresDataType] = InviteRecord.dataTypes + [.text, .text, .int8, .int8, .bool]

    var record: InviteRecord
    var limit: RateLimit
    var idempotencyKey: String?
    var requestHash: String?
    var uniqueRecipient: Bool

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: InviteRecord.columns.count + 5)
        record.bind(into: &bindings)
        bindings.append(idempotencyKey)
        bindings.append(requestHash)
        bindings.append(Int64(limit.limit))
        bindings.append(Milliseconds.from(record.invite.createdAt.addingTimeInterval(-limit.window)))
        bindings.append(uniqueRecipient)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Decision {
        let columns = ColumnReader(row, table: "beckon_create_invite")
        switch try columns.required("result_kind", as: String.self) {
        case "created": return .created
        case "replayed": return .replayed(inviteID: try columns.required("result_invite"))
        case "key_reused": return .keyReused
        case "limited": return .limited(oldest: try columns.optional("result_oldest"))
        case "code_taken": return .codeTaken
        case "recipient_pending": return .recipientPending(inviteID: try columns.required("result_invite"))
        default: throw StoredValueError(column: "beckon_create_invite.result_kind")
        }
    }
}
