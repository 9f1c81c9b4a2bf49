import BeckonLocalization
import BeckonRender
import BeckonSite

/// What one page render knows: the values placeholders resolve to and the context its layout
/// is rendered with. The names are documented in docs/site-format.md ("Placeholders" and
/// "Layout context").
struct PageContext {
    let scope: RenderScope
    /// The layout context without `page.body`, which is added after the body is rendered.
    let layout: [String: TemplateValue]

    init(
        site: Site, catalog: Catalog, template: Template, route: PageRoute, sample: SampleInvite?,
        buildLocales: [LocaleID], sampleLinks: [String: String], cards: CardSet?
    ) {
        let config = site.config
        let app = config.app
        let locale = route.locale
        let anonymous =
            catalog.format(
                MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
        let canonical = app.baseURL.appending(path: route.urlPath)
        let inviteURL = sample.map { sampleLinks[$0.id] ?? config.links.url(code: $0.code.rawValue) } ?? canonical
        let arguments = MessageArguments.values(
            config: config, sample: sample, anonymousInviter: anonymous, link: inviteURL)
        let deepLink = sample.flatMap { StoreLinks.deepLink(app, code: $0.code.rawValue) }
        func pageURL(_ kind: TemplateKind) -> String { PageRoute(kind: kind, locale: locale).urlPath }

        var values: [String: RenderValue] = [
            "app.name": .text(app.name, isUserData: false),
            "app.supportURL": .url(app.supportURL.absoluteString),
            "app.supportEmail": .text(app.supportEmail, isUserData: false),
            "inviter.firstName": .text(arguments["inviter"]!.text, isUserData: sample != nil),
            "inviter.name": .text(arguments["inviterName"]!.text, isUserData: sample != nil),
            "invite.url": .url(inviteURL),
            "invite.code": .text(sample?.code.rawValue ?? "", isUserData: false),
            "invite.expiryDays": .text(String(config.expiryDays), isUserData: false),
            "invite.context": .text(sample?.context.rawValue ?? "generic", isUserData: false),
            "locale.id": .text(locale.rawValue, isUserData: false),
            "locale.dir": .text(locale.direction, isUserData: false),
        ]
        for kind in TemplateKind.allCases { values["links.\(kind.rawValue)"] = .url(pageURL(kind)) }
        if let url = StoreLinks.appStore(app) { values["app.appStoreURL"] = .url(url) }
        if let url = app.playStoreURL { values["app.playStoreURL"] = .url(url.absoluteString) }
        if let deepLink { values["invite.deepLink"] = .url(deepLink) }
        let scope = RenderScope(
            values: values, catalog: catalog, locale: locale, arguments: arguments,
            appSchemes: Set(app.urlScheme.map { [$0.lowercased()] } ?? []))
        self.scope = scope

        var texts: [String: TemplateValue] = [:]
        var fragments: [String: TemplateValue] = [:]
        for key in Self.allKeys(catalog) {
            guard let message = scope.message(key) else { continue }
            texts[key.rawValue] = .text(MessageRenderer.plainText(message, rightToLeft: locale.isRightToLeft))
            fragments[key.rawValue] = .html(MessageRenderer.html(message, appSchemes: scope.appSchemes))
        }
        let title =
            scope.message(MessageKey(template.titleKey)).map {
                MessageRenderer.plainText($0, rightToLeft: locale.isRightToLeft)
            } ?? ""
        let description =
            template.descriptionKey.flatMap { scope.message(MessageKey($0)) }
            .map { MessageRenderer.plainText($0, rightToLeft: locale.isRightToLeft) } ?? ""
        // The page's own preview card when the site has a card layout, else the fallback image.
        let ogImage =
            cards.map { _ in app.baseURL.appending(path: "/" + CardSet.path(locale: locale, sample: sample?.id)) }
            ?? config.theme.ogImage.map { app.baseURL.appending(path: "/" + $0) }
        let ogAlt = cards?.altText(locale: locale, sample: sample) ?? ""
        let alternates: [TemplateValue] =
            buildLocales.map { other in
                .object([
                    "hreflang": .text(other.rawValue),
                    "href": .text(
                        app.baseURL.appending(
                            path: PageRoute(kind: route.kind, locale: other, sample: route.sample).urlPath)),
                ])
            } + [
                .object([
                    "hreflang": .text("x-default"),
                    "href": .text(
                        app.baseURL.appending(
                            path: PageRoute(
                                kind: route.kind, locale: config.locales.defaultLocale, sample: route.sample
                            ).urlPath)),
                ])
            ]
        let logo = config.theme.logo
        layout = [
            "page": .object([
                "title": .text(title),
                "description": .text(description),
                "kind": .text(template.kind.rawValue),
                "lang": .text(locale.rawValue),
                "dir": .text(locale.direction),
                "url": .text(canonical),
                "status": .text(String(route.status)),
                "isSample": .flag(sample != nil),
            ]),
            "app": .object([
                "name": .text(app.name),
                "appStoreURL": .text(StoreLinks.appStore(app) ?? ""),
                "hasAppStore": .flag(app.appStoreID != nil),
                "playStoreURL": .text(app.playStoreURL?.absoluteString ?? ""),
                "hasPlayStore": .flag(app.playStoreURL != nil),
                "supportURL": .text(app.supportURL.absoluteString),
                "supportEmail": .text(app.supportEmail),
                "supportMailto": .text("mailto:" + app.supportEmail),
                "smartAppBanner": .text(StoreLinks.smartAppBanner(app, argument: inviteURL) ?? ""),
                "hasSmartAppBanner": .flag(app.appStoreID != nil),
                "androidWaitlistURL": .text(app.androidWaitlistURL?.absoluteString ?? ""),
                "hasAndroidWaitlist": .flag(app.androidWaitlistURL != nil),
            ]),
            "theme": .object([
                "css": .html(ThemeCSS.css(config.theme)),
                "hasLogo": .flag(logo != nil),
                "logo": .object([
                    "url": .text(logo.map { "/" + $0.path } ?? ""),
                    "alt": .text(logo?.alt ?? ""),
                    "width": .text(logo.map { String($0.width) } ?? ""),
                    "height": .text(logo.map { String($0.height) } ?? ""),
                ]),
            ]),
            "og": .object([
                "title": .text(title),
                "description": .text(description),
                "url": .text(canonical),
                "locale": .text(locale.underscored),
                "image": .text(ogImage ?? ""),
                "hasImage": .flag(ogImage != nil),
                "hasCard": .flag(cards != nil),
                "imageWidth": .text(cards != nil ? "1200" : ""),
                "imageHeight": .text(cards != nil ? "630" : ""),
                "imageAlt": .text(ogAlt),
                "twitterCard": .text(ogImage != nil ? "summary_large_image" : "summary"),
            ]),
            "alternates": .list(alternates),
            "invite": .object([
                "url": .text(inviteURL),
                "code": .text(sample?.code.rawValue ?? ""),
                "deepLink": .text(deepLink ?? ""),
                "hasDeepLink": .flag(deepLink != nil),
            ]),
            "links": .object(
                Dictionary(
                    uniqueKeysWithValues: TemplateKind.allCases.map { ($0.rawValue, TemplateValue.text(pageURL($0))) })),
            "t": TemplateValue.nested(texts),
            "html": TemplateValue.nested(fragments),
        ]
    }

    /// The layout context with the rendered body in `page.body`.
    func layoutContext(body: String) -> TemplateValue {
        var context = layout
        if case .object(var page)? = context["page"] {
            page["body"] = .html(body)
            context["page"] = .object(page)
        }
        return .object(context)
    }

    /// Every key any bundle has, so layouts see the same names in every locale.
    static func allKeys(_ catalog: Catalog) -> [MessageKey] {
        Set(catalog.bundles.values.flatMap(\.entries.keys)).sorted()
    }
}
