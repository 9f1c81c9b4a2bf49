import BeckonChecks
import BeckonDiagnostics
import BeckonEmail
import BeckonLocalization
import BeckonRender
import BeckonSite

extension InvitePages {
    /// One invitation email rendered for a real invite: the email, or the rules it failed.
    public struct InviteEmail: Sendable {
        /// The template's name (`invite`).
        public var template: String
        /// The email, when it passed the rules a built one passes.
        public var email: RenderedEmail?
        /// The rules the email failed (ids only), when it is not sent.
        public var failedRules: [RuleID]
    }

    /// Whether the site has an email that goes to the invited person.
    public var hasInvitationEmails: Bool {
        emails.map { !$0.site.emailTemplates.filter { $0.recipient == .invitee }.isEmpty } ?? false
    }

    /// Whether the emails that go to the invited person show the invite's context title, in a
    /// string (`{contextTitle}`) or a placeholder (`{{invite.contextTitle}}`): an email invite
    /// then needs one, or its copy reads "a spot in ." .
    public var invitationEmailsShowContextTitle: Bool {
        guard let emails else { return false }
        let templates = emails.site.emailTemplates.filter { $0.recipient == .invitee }
        let keys = Set(templates.flatMap { $0.messageKeys.map { MessageKey($0.key) } })
        let inStrings = emails.catalog.bundles.values.contains { bundle in
            keys.contains { bundle.entries[$0]?.message.argumentNames.contains("contextTitle") == true }
        }
        return inStrings || templates.contains { $0.placeholders.contains { $0.path == "invite.contextTitle" } }
    }

    /// The templates of the emails that go to the invited person (`recipient: invitee`), in name order.
    public var invitationTemplates: [EmailTemplate] {
        emails?.site.emailTemplates.filter { $0.recipient == .invitee } ?? []
    }

    /// The template `beckon serve` sends the sender for `notice` (`notify:`), if the site has one.
    public func noticeTemplate(_ notice: EmailTemplate.Notice) -> EmailTemplate? {
        emails?.site.emailTemplates.first { $0.notify == notice }
    }

    /// The emails that go to the invited person (each of `invitationTemplates`) for a real invite
    /// in `locale`, with its own accept link and stamp, each checked by the email rules a built
    /// email passes. An email that fails them comes back without its bytes: a broken invitation
    /// is never handed to a mail agent.
    public func invitationEmails(
        locale: LocaleID, invite: InviteValues, send: EmailRenderer.Send
    ) -> [InviteEmail] {
        invitationTemplates.compactMap { invitationEmail($0, locale: locale, invite: invite, send: send) }
    }

    /// One of `invitationEmails`, or a notice to the sender (`noticeTemplate`): `template`'s, or
    /// `nil` when `locale` is not one the site builds.
    public func invitationEmail(
        _ template: EmailTemplate, locale: LocaleID, invite: InviteValues, send: EmailRenderer.Send
    ) -> InviteEmail? {
        guard let emails, emails.site.buildLocales.contains(locale) else { return nil }
        // The invite's link verifies at its creation; a token is checked for its form only,
        // signed moments ago by the key the build's sample tokens proved.
        let checker = self.checker.changingContext { context in
            context.sampleTimes[invite.id] = invite.createdAt
            if case .token(let prefix, let suffix, _)? = context.emailAccept {
                context.emailAccept = .token(prefix: prefix, suffix: suffix, verdicts: nil)
            }
        }
        let (rendered, diagnostics) = emails.render(template, locale: locale, sample: invite, send: send)
        let artifacts = rendered.map { emails.artifacts(of: $0, template, locale: locale, sample: invite) } ?? []
        let site = CheckedSite(artifacts)
        let findings =
            diagnostics + artifacts.flatMap { checker.check($0, page: site.pages[$0.path]) }
            + site.emails.flatMap { checker.checkEmail($0, in: site) }
        let failed = errors(findings)
        guard let rendered, failed.isEmpty else {
            return InviteEmail(template: template.name, email: nil, failedRules: failed)
        }
        return InviteEmail(template: template.name, email: rendered, failedRules: [])
    }
}
