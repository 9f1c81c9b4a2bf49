import Foundation
import InviteModel

/// One column of `invites`, declared once: its name, the kind of value it holds, and the field of
/// an `InviteRecord` it keeps. Every store's statements, bindings and row readers come from
/// `InviteColumn.all`, in its order, which is the order of the table's columns; a new field is a
/// new column here (at the end), a migration per store that adds it, and a line of
/// `InviteRecord.init(reading:)` (docs/store.md).
public struct InviteColumn: Sendable {
    /// How a column's value is kept.
    public enum Kind: Sendable, Hashable {
        /// An id: `UUID` on PostgreSQL, its text on SQLite.
        case uuid
        case text
        /// A moment, as whole milliseconds since 1970 UTC (`Milliseconds`).
        case milliseconds
    }

    public let name: String
    public let kind: Kind
    /// The column's value for a record; `nil` is `NULL`.
    public let value: @Sendable (InviteRecord) -> StoredValue?

    init(_ name: String, _ kind: Kind, _ value: @escaping @Sendable (InviteRecord) -> StoredValue?) {
        self.name = name
        self.kind = kind
        self.value = value
    }

    /// The qualified name errors give (`invites.sent_at`).
    public var qualifiedName: String { "invites.\(name)" }

    static let id = InviteColumn("id", .uuid) { .uuid($0.invite.id) }
    static let code = InviteColumn("code", .text) { .text($0.invite.code.rawValue) }
    static let senderID = InviteColumn("sender_id", .text) { .text($0.invite.senderID) }
    static let context = InviteColumn("context", .text) { .text($0.invite.context.rawValue) }
    static let contextID = InviteColumn("context_id", .text) { $0.invite.contextID.map(StoredValue.text) }
    static let channel = InviteColumn("channel", .text) { .text($0.invite.channel.rawValue) }
    static let status = InviteColumn("status", .text) { .text($0.invite.status.rawValue) }
    static let inviteeID = InviteColumn("invitee_id", .text) { $0.invite.inviteeID.map(StoredValue.text) }
    static let createdAt = InviteColumn("created_at", .milliseconds) { .moment($0.invite.createdAt) }
    static let sentAt = InviteColumn("sent_at", .milliseconds) { $0.invite.sentAt.map(StoredValue.moment) }
    static let resentAt = InviteColumn("resent_at", .milliseconds) { $0.invite.resentAt.map(StoredValue.moment) }
    static let openedAt = InviteColumn("opened_at", .milliseconds) { $0.invite.openedAt.map(StoredValue.moment) }
    static let acceptedAt = InviteColumn("accepted_at", .milliseconds) { $0.invite.acceptedAt.map(StoredValue.moment) }
    static let cancelledAt = InviteColumn("cancelled_at", .milliseconds) {
        $0.invite.cancelledAt.map(StoredValue.moment)
    }
    static let expiresAt = InviteColumn("expires_at", .milliseconds) { .moment($0.invite.expiresAt) }
    static let senderFirstName = InviteColumn("sender_first_name", .text) { $0.senderFirstName.map(StoredValue.text) }
    static let recipient = InviteColumn("recipient", .text) { $0.recipient.map(StoredValue.text) }
    static let locale = InviteColumn("locale", .text) { $0.locale.map(StoredValue.text) }
    static let variant = InviteColumn("variant", .text) { $0.variant.map(StoredValue.text) }
    static let contextTitle = InviteColumn("context_title", .text) { $0.contextTitle.map(StoredValue.text) }
    static let inviteeFirstName = InviteColumn("invitee_first_name", .text) {
        $0.inviteeFirstName.map(StoredValue.text)
    }
    static let senderGender = InviteColumn("sender_gender", .text) { $0.senderGender.map(StoredValue.text) }
    static let senderEmail = InviteColumn("sender_email", .text) { $0.senderEmail.map(StoredValue.text) }
    static let senderLanguage = InviteColumn("sender_language", .text) { $0.senderLanguage.map(StoredValue.text) }

    /// Every column of `invites`, in the table's order.
    public static let all: [InviteColumn] = [
        id, code, senderID, context, contextID, channel, status, inviteeID, createdAt, sentAt, resentAt, openedAt,
        acceptedAt, cancelledAt, expiresAt, senderFirstName, recipient, locale, variant, contextTitle,
        inviteeFirstName, senderGender, senderEmail, senderLanguage,
    ]

    /// The columns' names, in the table's order.
    public static let names = all.map(\.name)
}

/// A value as a store keeps it in a column.
public enum StoredValue: Sendable, Hashable {
    case uuid(UUID)
    case text(String)
    case integer(Int64)

    /// A moment, as whole milliseconds since 1970 UTC.
    static func moment(_ date: Date) -> StoredValue { .integer(Milliseconds.from(date)) }

    /// The text, or `nil` when the value is not text.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

extension InviteRecord {
    /// Reads a record from its columns: `value` gives each column's value (`nil` for `NULL`) as
    /// its `InviteColumn.kind` says. A value missing where the record needs one, or one that is
    /// not what the field holds, is a `StoredValueError` naming its column.
    public init(reading value: (InviteColumn) throws -> StoredValue?) throws {
        func optional(_ column: InviteColumn) throws -> String? {
            switch try value(column) {
            case nil: return nil
            case .text(let text): return text
            case .uuid, .integer: throw StoredValueError(column: column.qualifiedName)
            }
        }
        func required(_ column: InviteColumn) throws -> String {
            guard let text = try optional(column) else { throw StoredValueError(column: column.qualifiedName) }
            return text
        }
        func parsed<Value>(_ column: InviteColumn, _ parse: (String) -> Value?) throws -> Value {
            guard let parsed = parse(try required(column)) else { throw StoredValueError(column: column.qualifiedName) }
            return parsed
        }
        func date(_ column: InviteColumn) throws -> Date? {
            switch try value(column) {
            case nil: return nil
            case .integer(let milliseconds): return Milliseconds.date(milliseconds)
            case .uuid, .text: throw StoredValueError(column: column.qualifiedName)
            }
        }
        func requiredDate(_ column: InviteColumn) throws -> Date {
            guard let date = try date(column) else { throw StoredValueError(column: column.qualifiedName) }
            return date
        }
        guard case .uuid(let id)? = try value(.id) else {
            throw StoredValueError(column: InviteColumn.id.qualifiedName)
        }
        var invite = Invite(
            id: id, senderID: try required(.senderID), code: try parsed(.code, InviteCode.init),
            context: try parsed(.context, InviteContext.init(rawValue:)), contextID: try optional(.contextID),
            channel: try parsed(.channel, InviteChannel.init(rawValue:)), createdAt: try requiredDate(.createdAt))
        invite.status = try parsed(.status, InviteStatus.init(rawValue:))
        invite.inviteeID = try optional(.inviteeID)
        invite.sentAt = try date(.sentAt)
        invite.resentAt = try date(.resentAt)
        invite.openedAt = try date(.openedAt)
        invite.acceptedAt = try date(.acceptedAt)
        invite.cancelledAt = try date(.cancelledAt)
        invite.expiresAt = try requiredDate(.expiresAt)
        self.init(
            invite: invite, senderFirstName: try optional(.senderFirstName), recipient: try optional(.recipient),
            locale: try optional(.locale), variant: try optional(.variant), contextTitle: try optional(.contextTitle),
            inviteeFirstName: try optional(.inviteeFirstName), senderGender: try optional(.senderGender),
            senderEmail: try optional(.senderEmail), senderLanguage: try optional(.senderLanguage))
    }
}
