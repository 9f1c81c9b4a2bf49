import BeckonStore
import Foundation
import InviteModel

/// Makes and hands on one queued invitation: the invite read afresh (an erased or closed invite
/// is not sent), its emails rendered and checked as the API's are, with the job's `Message-ID`,
/// signed, and given to the relay.
struct InvitationSender: Sendable {
    let service: InviteService
    let mailer: InviteMailer
    let relay: SignedRelay

    func attempt(_ job: OutboundJob, at date: Date) async -> DeliveryAttempt {
        let record: InviteRecord
        switch await service.invite(for: job) {
        case .success(let found): record = found
        case .failure(let failure): return failure.attempt
        }
        guard [.created, .sent, .opened].contains(record.invite.status) else {
            return .permanent("the invite is \(record.invite.status.rawValue): its invitation is not sent")
        }
        guard let recipient = record.recipient else {
            return .permanent("the invite has no recipient (its sender's data was erased)")
        }
        do {
            if try await mailer.suppressions.refuses(recipient) {
                return .permanent("the recipient unsubscribed from these emails")
            }
        } catch {
            return .transient("the invite store did not answer")
        }
        let mails = await mailer.emails(
            for: record, link: service.link(record), language: mailer.site.config.locales.defaultLocale, at: date,
            writing: false, messageID: job.messageID)
        guard !mails.isEmpty else { return .permanent("the site has no invitation email for this invite's locale") }
        var last = DeliveryAttempt.permanent("")
        for mail in mails {
            guard let email = mail.email else {
                let rules = mail.failedRules.map(\.rawValue).joined(separator: ", ")
                return .permanent(mail.problem ?? "the email `\(mail.template)` failed \(rules)")
            }
            let attempt = await relay.send(email.mime, to: recipient, at: date)
            guard case .delivered = attempt else { return attempt }
            last = attempt
        }
        return last
    }
}
