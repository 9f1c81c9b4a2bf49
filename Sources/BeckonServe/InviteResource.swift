import BeckonAPI
import BeckonMessages
import BeckonStore
import Foundation
import InviteModel

/// Invites and events as the API document's schemas (`Components.Schemas` generated from
/// `docs/openapi.json`): camelCase members, timestamps with milliseconds, absent values left out.
enum InviteResource {
    /// An invite, with its signed link and, once it has been resent, when; with `emails`, the
    /// invitation emails made for it by this request; with `share`, its share message.
    static func invite(
        _ record: InviteRecord, link: String, emails: [InviteMailer.Mail] = [], share: ShareMessage? = nil,
        delivery: Components.Schemas.Delivery? = nil
    ) throws(APIProblem) -> Components.Schemas.Invite {
        let invite = record.invite
        return Components.Schemas.Invite(
            code: invite.code.rawValue, link: link, id: invite.id.uuidString.lowercased(),
            status: try schema(invite.status), senderId: invite.senderID, senderFirstName: record.senderFirstName,
            senderGender: record.senderGender.flatMap(Components.Schemas.Invite.SenderGenderPayload.init(rawValue:)),
            context: try schema(invite.context), contextId: invite.contextID, contextTitle: record.contextTitle,
            channel: try schema(invite.channel), recipient: record.recipient,
            inviteeFirstName: record.inviteeFirstName, locale: record.locale,
            variant: record.variant, inviteeId: invite.inviteeID, createdAt: invite.createdAt,
            expiresAt: invite.expiresAt, sentAt: invite.sentAt, resentAt: invite.resentAt, openedAt: invite.openedAt,
            acceptedAt: invite.acceptedAt, cancelledAt: invite.cancelledAt,
            emails: emails.isEmpty ? nil : emails.map(email),
            share: share.map {
                Components.Schemas.ShareMessage(
                    text: $0.text, subject: $0.subject, url: $0.url, alternateUrl: $0.alternateURL, note: $0.note)
            }, delivery: delivery)
    }

    /// A queued invitation, its `Message-ID` at `domain` (the site's host, as the message has it).
    static func delivery(_ job: OutboundJob, domain: String) throws(APIProblem) -> Components.Schemas.Delivery {
        Components.Schemas.Delivery(
            state: try schema(job.state), attempts: job.attempts, messageId: "\(job.messageID)@\(domain)",
            queuedAt: job.queuedAt, updatedAt: job.updatedAt,
            nextAttemptAt: job.state == .queued || job.state == .deferred ? job.dueAt : nil, lastReply: job.lastReply)
    }

    /// An event of the feed: ids only.
    static func event(_ event: InviteEvent) throws(APIProblem) -> Components.Schemas.Event {
        Components.Schemas.Event(
            sequence: Int(event.sequence), event: try schema(event.name), source: try schema(event.source),
            inviteId: event.inviteID?.uuidString.lowercased(), code: event.code?.rawValue, senderId: event.senderID,
            context: try event.context.map { context throws(APIProblem) in try schema(context) },
            channel: try event.channel.map { channel throws(APIProblem) in try schema(channel) }, at: event.at,
            platform: try event.platform.map { platform throws(APIProblem) in try schema(platform) },
            method: try event.method.map { method throws(APIProblem) in try schema(method) }, variant: event.variant,
            locale: event.locale, clientEventId: event.clientEventID, appVersion: event.appVersion,
            properties: event.properties.map(properties))
    }

    /// An app event's properties as the document has them.
    static func properties(_ properties: EventProperties) -> Components.Schemas.EventProperties {
        .init(
            additionalProperties: properties.values.mapValues { value in
                switch value {
                case .string(let text): .case1(text)
                case .number(let number): .case2(number)
                case .bool(let flag): .case3(flag)
                }
            })
    }

    /// An invitation email made by a request: its parts, or the rules it failed, and its outbox file.
    static func email(_ mail: InviteMailer.Mail) -> Components.Schemas.InvitationEmail {
        Components.Schemas.InvitationEmail(
            template: mail.template.isEmpty ? nil : mail.template, subject: mail.email?.subject,
            preheader: mail.email?.preheader, html: mail.email?.html, text: mail.email?.text,
            mime: mail.email.map { String(decoding: $0.mime, as: UTF8.self) },
            failedRules: mail.failedRules.isEmpty ? nil : mail.failedRules.map(\.rawValue), problem: mail.problem,
            outboxFile: mail.file)
    }

    /// The document's value of a model value with the same name: the document lists every case of
    /// the model's statuses, contexts, channels and events (a test holds them together).
    static func schema<Model: RawRepresentable<String>, Schema: RawRepresentable<String>>(
        _ value: Model
    ) throws(APIProblem) -> Schema {
        guard let converted = Schema(rawValue: value.rawValue) else {
            throw APIProblem(
                status: .internalServerError, title: "Not in the API document",
                detail: "`\(value.rawValue)` is not a value the API document lists.")
        }
        return converted
    }
}
