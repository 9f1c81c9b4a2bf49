import BeckonStore
import Foundation
import GRDB
import InviteModel

/// How an `InviteRecord` maps to a row of `invites`, one column per field.
extension InviteRecord {
    /// Each column of `invites` with its value, in the order `insertSQL` binds them: one list, so
    /// a column and its value cannot drift apart.
    private static let fields: [(column: String, value: @Sendable (InviteRecord) -> (any DatabaseValueConvertible)?)] =
        [
            ("id", { $0.invite.id.uuidString }),
            ("code", { $0.invite.code.rawValue }),
            ("sender_id", { $0.invite.senderID }),
            ("context", { $0.invite.context.rawValue }),
            ("context_id", { $0.invite.contextID }),
            ("channel", { $0.invite.channel.rawValue }),
            ("status", { $0.invite.status.rawValue }),
            ("invitee_id", { $0.invite.inviteeID }),
            ("created_at", { Milliseconds.from($0.invite.createdAt) }),
            ("sent_at", { $0.invite.sentAt.map(Milliseconds.from) }),
            ("resent_at", { $0.invite.resentAt.map(Milliseconds.from) }),
            ("opened_at", { $0.invite.openedAt.map(Milliseconds.from) }),
            ("accepted_at", { $0.invite.acceptedAt.map(Milliseconds.from) }),
            ("cancelled_at", { $0.invite.cancelledAt.map(Milliseconds.from) }),
            ("expires_at", { Milliseconds.from($0.invite.expiresAt) }),
            ("sender_first_name", { $0.senderFirstName }),
            ("recipient", { $0.recipient }),
            ("locale", { $0.locale }),
            ("variant", { $0.variant }),
            ("context_title", { $0.contextTitle }),
        ]

    /// The columns of `invites`, in the order `insertSQL` binds them.
    static let columns = fields.map(\.column)

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
    private var values: [(any DatabaseValueConvertible)?] { Self.fields.map { $0.value(self) } }

    /// Reads a row selected with `selectSQL` (or with more columns after `columns`).
    init(row: some StoredColumns) throws {
        func optional(_ column: String) throws -> String? {
            guard let index = Self.positions[column] else { throw StoredValueError(column: "invites.\(column)") }
            return try row.text(at: index, column: "invites.\(column)")
        }
        func optional(_ column: String, as _: Int64.Type) throws -> Int64? {
            guard let index = Self.positions[column] else { throw StoredValueError(column: "invites.\(column)") }
            return try row.integer(at: index, column: "invites.\(column)")
        }
        func required(_ column: String) throws -> String {
            guard let value = try optional(column) else { throw StoredValueError(column: "invites.\(column)") }
            return value
        }
        func required(_ column: String, as _: Int64.Type) throws -> Int64 {
            guard let value = try optional(column, as: Int64.self) else {
                throw StoredValueError(column: "invites.\(column)")
            }
            return value
        }
        func date(_ column: String) throws -> Date? {
            try optional(column, as: Int64.self).map(Milliseconds.date)
        }
        func parsed<Value>(_ column: String, _ parse: (String) -> Value?) throws -> Value {
            guard let value = parse(try required(column)) else { throw StoredValueError(column: "invites.\(column)") }
            return value
        }
        var invite = Invite(
            id: try parsed("id", UUID.init(storedText:)),
            senderID: try required("sender_id"),
            code: try parsed("code", InviteCode.init),
            context: try parsed("context", InviteContext.init(rawValue:)),
            contextID: try optional("context_id"),
            channel: try parsed("channel", InviteChannel.init(rawValue:)),
            createdAt: Milliseconds.date(try required("created_at", as: Int64.self))
        )
        invite.status = try parsed("status", InviteStatus.init(rawValue:))
        invite.inviteeID = try optional("invitee_id")
        invite.sentAt = try date("sent_at")
        invite.resentAt = try date("resent_at")
        invite.openedAt = try date("opened_at")
        invite.acceptedAt = try date("accepted_at")
        invite.cancelledAt = try date("cancelled_at")
        invite.expiresAt = Milliseconds.date(try required("expires_at", as: Int64.self))
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
