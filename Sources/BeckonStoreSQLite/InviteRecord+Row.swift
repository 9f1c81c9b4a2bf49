import BeckonStore
import Foundation
import GRDB
import InviteModel

/// How an `InviteRecord` maps to a row of `invites`, one column per field.
extension InviteRecord {
    /// The columns of `invites`, in the order `insertSQL` binds them.
    static let columns = [
        "id", "code", "sender_id", "context", "context_id", "channel", "status", "invitee_id", "created_at",
        "sent_at", "resent_at", "opened_at", "accepted_at", "cancelled_at", "expires_at", "sender_first_name",
        "recipient", "locale", "variant", "context_title",
    ]

    static let selectSQL = "SELECT \(columns.joined(separator: ", ")) FROM invites"

    /// Each column's position in `columns`, which is its index in a row selected with `selectSQL`:
    /// a row is read by position, not by a case-insensitive search for each column's name.
    private static let positions = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })

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
        let invite = invite
        return [
            invite.id.uuidString,
            invite.code.rawValue,
            invite.senderID,
            invite.context.rawValue,
            invite.contextID,
            invite.channel.rawValue,
            invite.status.rawValue,
            invite.inviteeID,
            Milliseconds.from(invite.createdAt),
            invite.sentAt.map(Milliseconds.from),
            invite.resentAt.map(Milliseconds.from),
            invite.openedAt.map(Milliseconds.from),
            invite.acceptedAt.map(Milliseconds.from),
            invite.cancelledAt.map(Milliseconds.from),
            Milliseconds.from(invite.expiresAt),
            senderFirstName,
            recipient,
            locale,
            variant,
            contextTitle,
        ]
    }

    /// Reads a row selected with `selectSQL` (or with more columns after `columns`).
    init(row: Row) throws {
        func optional<Value: DatabaseValueConvertible & StatementColumnConvertible>(
            _ column: String, as _: Value.Type = Value.self
        ) throws -> Value? {
            guard let index = Self.positions[column] else { throw StoredValueError(column: "invites.\(column)") }
            return try row.decode(atIndex: index)
        }
        func required<Value: DatabaseValueConvertible & StatementColumnConvertible>(
            _ column: String, as _: Value.Type = Value.self
        ) throws -> Value {
            guard let value: Value = try optional(column) else {
                throw StoredValueError(column: "invites.\(column)")
            }
            return value
        }
        func date(_ column: String) throws -> Date? {
            try (optional(column) as Int64?).map(Milliseconds.date)
        }
        func parsed<Value>(_ column: String, _ parse: (String) -> Value?) throws -> Value {
            guard let value = parse(try required(column)) else { throw StoredValueError(column: "invites.\(column)") }
            return value
        }
        var invite = Invite(
            id: try parsed("id", UUID.init(uuidString:)),
            senderID: try required("sender_id"),
            code: try parsed("code", InviteCode.init),
            context: try parsed("context", InviteContext.init(rawValue:)),
            contextID: try optional("context_id"),
            channel: try parsed("channel", InviteChannel.init(rawValue:)),
            createdAt: Milliseconds.date(try required("created_at"))
        )
        invite.status = try parsed("status", InviteStatus.init(rawValue:))
        invite.inviteeID = try optional("invitee_id")
        invite.sentAt = try date("sent_at")
        invite.resentAt = try date("resent_at")
        invite.openedAt = try date("opened_at")
        invite.acceptedAt = try date("accepted_at")
        invite.cancelledAt = try date("cancelled_at")
        invite.expiresAt = Milliseconds.date(try required("expires_at"))
        self.init(
            invite: invite,
            senderFirstName: try optional("sender_first_name"),
            recipient: try optional("recipient"),
            locale: try optional("locale"),
            variant: try optional("variant"),
            contextTitle: try optional("context_title")
        )
    }
}
