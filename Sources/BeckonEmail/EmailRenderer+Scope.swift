import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite

extension EmailRenderer {
    /// What placeholders in an email resolve to. Documented in docs/emails.md.
    /// - Parameter link: The accept link, when it is not a sample's (a real invite's).
    func scope(locale: LocaleID, sample: InviteValues, template: EmailTemplate, link: String? = nil) -> RenderScope {
        let link = link ?? acceptLinks[sample.id] ?? site.config.links.url(code: sample.code.rawValue)
        let origins = RenderOrigins(config: site.configLocations, catalog: catalog)
        return scope(
            locale: locale, values: EmailValues(sample: sample, link: link),
            origin: { valueOrigin($0, sample: sample, origins: origins) })
    }

    /// Where a sample's value was written: its field in `beckon.yml`, or for a token link the
    /// accept URL's setting.
    func valueOrigin(_ field: EmailValues.Field, sample: InviteValues, origins: RenderOrigins) -> Origin? {
        if field == .link, site.config.email?.accept == .token { return origins.setting("tokens.acceptURL") }
        return origins.sample(sample, field: field.sampleField)
    }

    /// The scope of one email's values, each from `origin`.
    func scope(locale: LocaleID, values: EmailValues, origin: (EmailValues.Field) -> Origin?) -> RenderScope {
        let config = site.config
        let app = config.app
        var arguments = MessageArguments.values(config: config, sample: nil, anonymousInviter: "", link: values[.link])
        for (name, field) in [
            ("inviter", EmailValues.Field.inviterFirstName), ("inviterName", .inviterName),
            ("contextTitle", .contextTitle), ("invitee", .inviteeFirstName),
        ] {
            arguments[name] = ArgumentValue(values[field], isUserData: true)
        }
        arguments["inviterGender"] = ArgumentValue(values[.inviterGender])
        let origins = RenderOrigins(config: site.configLocations, catalog: catalog)
        func value(_ field: EmailValues.Field) -> RenderScope.Value {
            .init(.text(values[field], isUserData: field.isUserData), from: origin(field))
        }
        let scopeValues: [String: RenderScope.Value] = [
            "app.name": .init(.text(app.name, isUserData: false), from: origins.setting("app.name")),
            "app.url": .init(.url(app.baseURL.absoluteString), from: origins.setting("app.baseURL")),
            "app.supportURL": .init(.url(app.supportURL.absoluteString), from: origins.setting("app.supportURL")),
            "app.supportEmail": .init(
                .text(app.supportEmail, isUserData: false), from: origins.setting("app.supportEmail")),
            "inviter.firstName": value(.inviterFirstName),
            "inviter.name": value(.inviterName),
            "invitee.firstName": value(.inviteeFirstName),
            "invite.url": .init(.url(values[.link]), from: origin(.link)),
            "invite.code": value(.code),
            "invite.expiryDays": .init(
                .text(String(config.expiryDays), isUserData: false), from: origins.setting("expiry.days")),
            "invite.context": value(.context),
            "invite.contextTitle": value(.contextTitle),
            "locale.id": .init(.text(locale.rawValue, isUserData: false)),
            "locale.dir": .init(.text(locale.direction, isUserData: false)),
        ]
        var scope = RenderScope(
            values: scopeValues, catalog: catalog, locale: locale, arguments: arguments,
            appSchemes: appSchemes)
        scope.isolation = .characters(rightToLeft: locale.isRightToLeft)
        return scope
    }
}
