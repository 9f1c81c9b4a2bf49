import BeckonJSON
import BeckonStore
import Foundation
import InviteModel

/// How the API writes invites and events as JSON: camelCase members, ISO 8601 UTC timestamps
/// with milliseconds, absent values left out.
enum InviteResource {
    /// An invite, with its signed link and, once it has been resent, when; with `emails`, the
    /// invitation emails made for it by this request.
    static func json(_ record: InviteRecord, link: String, emails: [InviteMailer.Mail] = []) -> JSONValue {
        let invite = record.invite
        var members: [(String, JSONValue)] = [
            ("code", .string(invite.code.rawValue)), ("link", .string(link)),
            ("id", .string(invite.id.uuidString.lowercased())),
            ("status", .string(invite.status.rawValue)), ("senderId", .string(invite.senderID)),
            ("context", .string(invite.context.rawValue)), ("channel", .string(invite.channel.rawValue)),
            ("createdAt", date(invite.createdAt)), ("expiresAt", date(invite.expiresAt)),
        ]
        let optional: [(String, JSONValue?)] = [
            ("senderFirstName", record.senderFirstName.map(JSONValue.string)),
            ("contextId", invite.contextID.map(JSONValue.string)),
            ("contextTitle", record.contextTitle.map(JSONValue.string)),
            ("recipient", record.recipient.map(JSONValue.string)), ("locale", record.locale.map(JSONValue.string)),
            ("variant", record.variant.map(JSONValue.string)), ("inviteeId", invite.inviteeID.map(JSONValue.string)),
            ("sentAt", invite.sentAt.map(date)), ("resentAt", invite.resentAt.map(date)),
            ("openedAt", invite.openedAt.map(date)), ("acceptedAt", invite.acceptedAt.map(date)),
            ("cancelledAt", invite.cancelledAt.map(date)),
        ]
        for (key, value) in optional { if let value { members.append((key, value)) } }
        if !emails.isEmpty { members.append(("emails", InviteMailer.json(emails))) }
        return .object(members)
    }

    /// An event of the feed: ids only.
    static func json(_ event: InviteEvent) -> JSONValue {
        .object([
            ("sequence", JSONValue(.number(String(event.sequence)))), ("event", .string(event.name.rawValue)),
            ("inviteId", .string(event.inviteID.uuidString.lowercased())), ("code", .string(event.code.rawValue)),
            ("senderId", .string(event.senderID)), ("context", .string(event.context.rawValue)),
            ("channel", .string(event.channel.rawValue)), ("at", date(event.at)),
        ])
    }

    static func date(_ date: Date) -> JSONValue { .string(Timestamp.string(from: date)) }
}
