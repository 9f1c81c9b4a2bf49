import BeckonDiagnostics
import BeckonEmail
import BeckonInvitePages
import BeckonSite
import BeckonStore
import Foundation
import InviteModel
import InviteSecurity

/// The invitation emails of email invites (seed 003): rendered by the site's email templates for
/// the invite, with its own accept link (the signed link, or `tokens.acceptURL` with a token
/// signed for it), checked by the email rules, returned in the API's answer and, with an outbox,
/// written there as one `.eml` file each for an existing mail agent to send.
struct InviteMailer: Sendable {
    let site: ServedSite
    /// Signs seed 003's invite tokens, when the site's emails carry them and a key is set.
    let tokens: TokenAuthority?
    /// `beckon serve --outbox DIR`.
    let outbox: Outbox?
    /// The recipients' unsubscribe links, for a site whose invitations are not transactional.
    let suppressions: Suppressions

    /// One email made for an invite.
    struct Mail: Sendable {
        var template: String
        var email: RenderedEmail?
        /// The rules it failed, or why it could not be made, when it has no bytes.
        var failedRules: [RuleID]
        var problem: String?
        /// The file it was written to in the outbox.
        var file: String?
    }

    /// Whether an invite gets emails: an email invite, on a site with an invitation template.
    func mails(_ record: InviteRecord) -> Bool {
        record.invite.channel == .email && record.recipient != nil && site.invitePages?.hasInvitationEmails == true
    }

    /// The invite's emails, sent at `date`, written to the outbox when there is one and `writing`.
    /// - Parameters:
    ///   - link: The invite's signed link.
    ///   - language: The locale when the invite names none of the site's.
    ///   - writing: False for a retried request, whose emails the first one wrote.
    ///   - messageID: The `Message-ID`'s local part of a queued message (the same on every
    ///     attempt; a second invitee template's gets `-2`), or `nil` for a random one.
    func emails(
        for record: InviteRecord, link: String, language: LocaleID, at date: Date, writing: Bool,
        messageID: String? = nil
    ) async -> [Mail] {
        guard mails(record), let pages = site.invitePages, let address = record.recipient.flatMap(EmailAddress.init)
        else { return [] }
        // The emails greet the invitee with the sender's name: without it there is no email to send.
        guard var invite = LinkAnswerer.shown(record) else {
            let problem = "The invite has no `senderFirstName` (or it was erased), which its email shows."
            return [Mail(template: "", email: nil, failedRules: [], problem: problem)]
        }
        let locale = site.locale(of: record) ?? language
        invite.inviterName = invite.inviterFirstName
        invite.inviteeEmail = address
        let acceptLink: String
        switch await self.acceptLink(record, link: link, address: address, at: date) {
        case .success(let made): acceptLink = made
        case .failure(let problem):
            return [Mail(template: "", email: nil, failedRules: [], problem: problem.message)]
        }
        return pages.invitationTemplates.enumerated().compactMap { index, template in
            let id = messageID.map { index == 0 ? $0 : "\($0)-\(index + 1)" }
            let send = EmailRenderer.Send(
                acceptLink: acceptLink, date: date, messageID: id,
                unsubscribeURL: suppressions.url(for: address, config: site.config))
            guard let made = pages.invitationEmail(template, locale: locale, invite: invite, send: send) else {
                return nil
            }
            var mail = Mail(template: made.template, email: made.email, failedRules: made.failedRules)
            if let email = made.email, writing, let outbox {
                do {
                    mail.file = try outbox.write(
                        email.mime, code: record.invite.code, template: made.template, at: date)
                } catch {
                    mail.problem = "The email could not be written to the outbox."
                }
            }
            return mail
        }
    }

    struct Problem: Error {
        var message: String
    }

    /// The link the email's button opens: the invite link, or the accept URL with a token for
    /// this invite (valid until the invite expires, at most `tokens.days`).
    private func acceptLink(
        _ record: InviteRecord, link: String, address: EmailAddress, at date: Date
    ) async -> Result<String, Problem> {
        guard site.config.email?.accept == .token, let config = site.config.tokens, config.acceptURL != nil
        else { return .success(link) }
        guard let tokens, tokens.canSign else {
            return .failure(Problem(message: "The site's emails carry invite tokens and no token key can sign them."))
        }
        let invite = record.invite
        let expires = min(invite.expiresAt, date.addingTimeInterval(TimeInterval(config.days) * 86_400))
        do {
            let token = try await tokens.sign(
                inviteID: invite.id, email: address, courseRef: invite.contextID ?? invite.id.uuidString.lowercased(),
                issuedAt: date, expiresAt: expires)
            return .success(site.acceptURL(token: token))
        } catch {
            return .failure(Problem(message: "The invite's token could not be signed: \(error.description)"))
        }
    }
}
