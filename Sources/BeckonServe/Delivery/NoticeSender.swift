import BeckonEmail
import BeckonSite
import BeckonStore
import Foundation
import InviteModel

/// Makes and hands on one queued email to an invite's sender (seed 003 #13 and #49): the invite
/// read afresh, the site's `notify:` template rendered in the sender's language to the address
/// the sender gave, checked by the email rules as an invitation is, signed, and given to the
/// relay. An expiry notice tells of its invite; a digest lists the sender's invitees who
/// accepted in the day it covers.
struct NoticeSender: Sendable {
    let service: InviteService
    let relay: SignedRelay

    var site: ServedSite { service.site }

    func attempt(_ job: OutboundJob, at date: Date) async -> DeliveryAttempt {
        let notice: EmailTemplate.Notice = job.kind == .digest ? .joinedDigest : .expired
        guard let template = site.noticeTemplate(notice), let pages = site.invitePages else {
            return .permanent("the site has no email with `notify: \(notice.rawValue)`")
        }
        let record: InviteRecord
        switch await service.invite(for: job) {
        case .success(let found): record = found
        case .failure(let failure): return failure.attempt
        }
        guard let address = record.senderEmail.flatMap(EmailAddress.init) else {
            return .permanent("the invite's sender gave no address, or it was erased")
        }
        guard var invite = LinkAnswerer.shown(record) else {
            return .permanent("the invite has no `senderFirstName` (or it was erased), which the email shows")
        }
        invite.inviterName = invite.inviterFirstName
        invite.inviteeFirstName = Self.invitee(record)
        var clients: [String]?
        if job.kind == .digest {
            guard let until = job.coversUntil else { return .permanent("the digest names no day") }
            let digest = site.config.email?.digest ?? .standard
            do {
                clients = try await service.store.acceptedInvites(
                    senderID: record.invite.senderID, from: digest.day(until: until).lowerBound, until: until
                ).compactMap(Self.invitee)
            } catch {
                return .transient("the invite store did not answer")
            }
            guard clients?.isEmpty == false else {
                return .permanent("no invitee to name: none has a first name or an address left")
            }
        }
        let locale = record.senderLanguage.flatMap(LocaleID.init).flatMap { site.hasLocale($0) ? $0 : nil }
        let send = EmailRenderer.Send(
            acceptLink: service.link(record), date: date, messageID: job.messageID, inviterEmail: address,
            clients: clients)
        guard
            let made = pages.invitationEmail(
                template, locale: locale ?? site.config.locales.defaultLocale, invite: invite, send: send)
        else { return .permanent("the site has no `\(template.name)` email in the sender's language") }
        guard let email = made.email else {
            return .permanent(
                "the email `\(template.name)` failed \(made.failedRules.map(\.rawValue).joined(separator: ", "))")
        }
        return await relay.send(email.mime, to: address.address, at: date)
    }

    /// How a notice names an invitee: the first name the sender gave, else the address or number
    /// the invite went to; `nil` once erased.
    static func invitee(_ record: InviteRecord) -> String? {
        record.inviteeFirstName ?? record.recipient
    }
}
