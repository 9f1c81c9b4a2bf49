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
        let origins = RenderOrigins(config: site.configLocations, catalog: catalog)
        let linkOrigin =
            config.email?.accept == .token ? origins.setting("tokens.acceptURL") : origins.sample(sample, field: "code")
        func user(_ text: String, field: String) -> RenderScope.Value {
            .init(.text(text, isUserData: true), from: origins.sample(sample, field: field))
        }
        let values: [String: RenderScope.Value] = [
            "app.name": .init(.text(app.name, isUserData: false), from: origins.setting("app.name")),
            "app.url": .init(.url(app.baseURL.absoluteString), from: origins.setting("app.baseURL")),
            "app.supportURL": .init(.url(app.supportURL.absoluteString), from: origins.setting("app.supportURL")),
            "app.supportEmail": .init(
                .text(app.supportEmail, isUserData: false), from: origins.setting("app.supportEmail")),
            "inviter.firstName": user(sample.inviterFirstName, field: "inviterFirstName"),
            "inviter.name": user(sample.inviterName, field: "inviterName"),
            "invitee.firstName": user(sample.inviteeFirstName ?? "", field: "inviteeFirstName"),
            "invite.url": .init(.url(link), from: linkOrigin),
            "invite.code": .init(
                .text(sample.code.rawValue, isUserData: false), from: origins.sample(sample, field: "code")),
            "invite.expiryDays": .init(
                .text(String(config.expiryDays), isUserData: false), from: origins.setting("expiry.days")),
            "invite.context": .init(
                .text(sample.context.rawValue, isUserData: false), from: origins.sample(sample, field: "context")),
            "invite.contextTitle": user(sample.contextTitle ?? "", field: "contextTitle"),
            "locale.id": .init(.text(locale.rawValue, isUserData: false)),
            "locale.dir": .init(.text(locale.direction, isUserData: false)),
        ]
        var scope = RenderScope(
            values: values, catalog: catalog, locale: locale, arguments: arguments,
            appSchemes: Set(app.urlScheme.map { [$0.lowercased()] } ?? []))
        scope.isolation = .characters(rightToLeft: locale.isRightToLeft)
        return scope
    }
}
