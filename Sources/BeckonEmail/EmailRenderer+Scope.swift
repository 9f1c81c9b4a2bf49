import BeckonLocalization
import BeckonRender
import BeckonSite

extension EmailRenderer {
    /// What placeholders in an email resolve to. Documented in docs/emails.md.
    /// - Parameter link: The accept link, when it is not a sample's (a real invite's).
    func scope(locale: LocaleID, sample: SampleInvite, template: EmailTemplate, link: String? = nil) -> RenderScope {
        let config = site.config
        let app = config.app
        let link = link ?? acceptLinks[sample.id] ?? config.links.url(code: sample.code.rawValue)
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
        var scope = RenderScope(
            values: values, catalog: catalog, locale: locale, arguments: arguments,
            appSchemes: Set(app.urlScheme.map { [$0.lowercased()] } ?? []))
        let origins = RenderOrigins(config: site.configLocations, catalog: catalog)
        let linkOrigin =
            config.email?.accept == .token ? origins.setting("tokens.acceptURL") : origins.sample(sample, field: "code")
        scope.origins = [
            "app.name": origins.setting("app.name"), "app.url": origins.setting("app.baseURL"),
            "app.supportURL": origins.setting("app.supportURL"),
            "app.supportEmail": origins.setting("app.supportEmail"),
            "inviter.firstName": origins.sample(sample, field: "inviterFirstName"),
            "inviter.name": origins.sample(sample, field: "inviterName"),
            "invitee.firstName": origins.sample(sample, field: "inviteeFirstName"), "invite.url": linkOrigin,
            "invite.code": origins.sample(sample, field: "code"), "invite.expiryDays": origins.setting("expiry.days"),
            "invite.context": origins.sample(sample, field: "context"),
            "invite.contextTitle": origins.sample(sample, field: "contextTitle"),
        ].compactMapValues { $0 }
        scope.isolation = .characters(rightToLeft: locale.isRightToLeft)
        return scope
    }
}
