import BeckonLocalization
import BeckonRender
import BeckonSite

extension EmailRenderer {
    /// What placeholders in an email resolve to. Documented in docs/emails.md.
    func scope(locale: LocaleID, sample: SampleInvite, template: EmailTemplate) -> RenderScope {
        let config = site.config
        let app = config.app
        let link = acceptLinks[sample.id] ?? config.links.url(code: sample.code.rawValue)
        let arguments = MessageArguments.values(config: config, sample: sample, anonymousInviter: "", link: link)
        let values: [String: RenderValue] = [
            "app.name": .text(app.name, isUserData: false),
            "app.url": .url(app.baseURL.absoluteString),
            "app.supportURL": .url(app.supportURL.absoluteString),
            "app.supportEmail": .text(app.supportEmail, isUserData: false),
            "inviter.firstName": .text(sample.inviterFirstName, isUserData: true),
            "inviter.name": .text(sample.inviterName, isUserData: true),
            "invitee.firstName": .text(sample.inviteeFirstName ?? "", isUserData: true),
            "invite.url": .url(link),
            "invite.code": .text(sample.code.rawValue, isUserData: false),
            "invite.expiryDays": .text(String(config.expiryDays), isUserData: false),
            "invite.context": .text(sample.context.rawValue, isUserData: false),
            "invite.contextTitle": .text(sample.contextTitle ?? "", isUserData: true),
            "locale.id": .text(locale.rawValue, isUserData: false),
            "locale.dir": .text(locale.direction, isUserData: false),
        ]
        return RenderScope(
            values: values, catalog: catalog, locale: locale, arguments: arguments,
            appSchemes: Set(app.urlScheme.map { [$0.lowercased()] } ?? []))
    }
}
