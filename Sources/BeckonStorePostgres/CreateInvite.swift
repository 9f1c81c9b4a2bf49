import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// A create in one statement: `beckon_create_invite` (migration v4) takes the sender's lock, checks
/// the idempotency key and the rate limit, and inserts the invite, its `invite_created` event and
/// the key, in the same order and with the same answers as the SQLite store. Prepared once per
/// connection.
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
    }

    typealias Row = Decision

    static let name = "beckon_create_invite_1"

    static let sql = """
        SELECT result_kind, result_invite, result_oldest FROM beckon_create_invite(
            $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
            $24)
        """

    static let bindingDataTypes: [PostgresDataType] =
        [.uuid] + Array(repeating: .text, count: 7) + Array(repeating: .int8, count: 7)
        + Array(repeating: .text, count: 7) + [.int8, .int8]

    var record: InviteRecord
    var limit: RateLimit
    var idempotencyKey: String?
    var requestHash: String?

    func makeBindings() throws -> PostgresBindings {
        let invite = record.invite
        var bindings = PostgresBindings(capacity: 24)
        bindings.append(invite.id)
        bindings.append(invite.code.rawValue)
        bindings.append(invite.senderID)
        bindings.append(invite.context.rawValue)
        bindings.append(invite.contextID)
        bindings.append(invite.channel.rawValue)
        bindings.append(invite.status.rawValue)
        bindings.append(invite.inviteeID)
        bindings.append(Milliseconds.from(invite.createdAt))
        bindings.append(invite.sentAt.map(Milliseconds.from))
        bindings.append(invite.resentAt.map(Milliseconds.from))
        bindings.append(invite.openedAt.map(Milliseconds.from))
        bindings.append(invite.acceptedAt.map(Milliseconds.from))
        bindings.append(invite.cancelledAt.map(Milliseconds.from))
        bindings.append(Milliseconds.from(invite.expiresAt))
        bindings.append(record.senderFirstName)
        bindings.append(record.recipient)
        bindings.append(record.locale)
        bindings.append(record.variant)
        bindings.append(record.contextTitle)
        bindings.append(idempotencyKey)
        bindings.append(requestHash)
        bindings.append(Int64(limit.limit))
        bindings.append(Milliseconds.from(invite.createdAt.addingTimeInterval(-limit.window)))
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
        default: throw StoredValueError(column: "beckon_create_invite.result_kind")
        }
    }
}
