import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// How an `InviteRecord` maps to a row of `invites`, one column per field.
extension InviteRecord {
    /// The columns of `invites`, in the order `selectSQL` selects them.
    static let columns = [
        "id", "code", "sender_id", "context", "context_id", "channel", "status", "invitee_id", "created_at", "sent_at",
        "resent_at", "opened_at", "accepted_at", "cancelled_at", "expires_at", "sender_first_name", "recipient",
        "locale", "variant", "context_title",
    ]

    static let selectSQL = "SELECT \(columns.joined(separator: ", ")) FROM invites"

    /// Rewrites every column but the id, which identifies the row.
    var updateQuery: PostgresQuery {
        let invite = invite
        return """
            UPDATE invites SET
                code = \(invite.code.rawValue), sender_id = \(invite.senderID), context = \(invite.context.rawValue),
                context_id = \(invite.contextID), channel = \(invite.channel.rawValue),
                status = \(invite.status.rawValue), invitee_id = \(invite.inviteeID),
                created_at = \(Milliseconds.from(invite.createdAt)), sent_at = \(invite.sentAt.map(Milliseconds.from)),
                resent_at = \(invite.resentAt.map(Milliseconds.from)),
                opened_at = \(invite.openedAt.map(Milliseconds.from)),
                accepted_at = \(invite.acceptedAt.map(Milliseconds.from)),
                cancelled_at = \(invite.cancelledAt.map(Milliseconds.from)),
                expires_at = \(Milliseconds.from(invite.expiresAt)), sender_first_name = \(senderFirstName),
                recipient = \(recipient), locale = \(locale), variant = \(variant), context_title = \(contextTitle)
            WHERE id = \(invite.id)
            """
    }

    /// Reads a row selected with `selectSQL` (or with more columns after `columns`).
    init(row: PostgresRow) throws {
        try self.init(columns: ColumnReader(row, table: "invites", order: Self.columns))
    }

    /// Reads the columns of a row selected with `selectSQL` (or with more after them).
    init(columns: ColumnReader) throws {
        func date(_ column: String) throws -> Date? {
            try columns.optional(column, as: Int64.self).map(Milliseconds.date)
        }
        var invite = Invite(
            id: try columns.required("id"),
            senderID: try columns.required("sender_id"),
            code: try columns.parsed("code", InviteCode.init),
            context: try columns.parsed("context", InviteContext.init(rawValue:)),
            contextID: try columns.optional("context_id"),
            channel: try columns.parsed("channel", InviteChannel.init(rawValue:)),
            createdAt: Milliseconds.date(try columns.required("created_at"))
        )
        invite.status = try columns.parsed("status", InviteStatus.init(rawValue:))
        invite.inviteeID = try columns.optional("invitee_id")
        invite.sentAt = try date("sent_at")
        invite.resentAt = try date("resent_at")
        invite.openedAt = try date("opened_at")
        invite.acceptedAt = try date("accepted_at")
        invite.cancelledAt = try date("cancelled_at")
        invite.expiresAt = Milliseconds.date(try columns.required("expires_at"))
        self.init(
            invite: invite,
            senderFirstName: try columns.optional("sender_first_name"),
            recipient: try columns.optional("recipient"),
            locale: try columns.optional("locale"),
            variant: try columns.optional("variant"),
            contextTitle: try columns.optional("context_title")
        )
    }
}
