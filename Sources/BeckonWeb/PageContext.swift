import BeckonLocalization
import BeckonProvenance
import BeckonQR
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
        site: Site, catalog: Catalog, template: Template, route: PageRoute, sample: InviteValues?,
        buildLocales: [LocaleID], sampleLinks: [String: String], cards: CardSet?, layoutKeys: Set<String>,
        themeCSS: String, fixedStrings: FixedStrings = FixedStrings(), localeParts: LocaleParts = LocaleParts(),
        cardURL: String? = nil,
        avatarURL: String? = nil, handOff: StoreHandOff? = nil, waitlist: WaitlistOutcome? = nil
    ) {
        let config = site.config
        let app = config.app
        let locale = route.locale
        let origins = RenderOrigins(config: site.configLocations, catalog: catalog)
        let shared = localeParts.parts(locale) {
            Self.localeParts(site: site, catalog: catalog, locale: locale, origins: origins, themeCSS: themeCSS)
        }
        let anonymous = shared.anonymous
        let canonical = app.baseURL.appending(path: route.urlPath)
        let inviteURL = sample.map { sampleLinks[$0.id] ?? config.links.url(code: $0.code.rawValue) } ?? canonical
        let arguments = MessageArguments.values(
            config: config, sample: sample, anonymousInviter: anonymous, link: inviteURL)
        let deepLink = sample.flatMap { StoreLinks.deepLink(app, code: $0.code.rawValue) }

        let inviteOrigin = sample.map { origins.sample($0, field: "code") } ?? origins.setting("links.path")
        func setting(_ value: RenderValue, _ name: String) -> RenderScope.Value {
            .init(value, from: origins.setting(name))
        }
        func marked(_ text: String, _ origin: Origin?) -> TemplateValue { .text(OriginMarks.wrap(text, in: origin)) }
        var values = shared.values
        values.merge([
            "inviter.firstName": .init(
                .text(arguments["inviter"]!.text, isUserData: sample != nil),
                from: sample.map { origins.sample($0, field: "inviterFirstName") }),
            "inviter.name": .init(
                .text(arguments["inviterName"]!.text, isUserData: sample != nil),
                from: sample.map { origins.sample($0, field: "inviterName") }),
            "invite.url": .init(.url(inviteURL), from: inviteOrigin),
            "invite.code": .init(.text(sample?.code.rawValue ?? "", isUserData: false), from: inviteOrigin),
            "invite.context": .init(.text(sample?.context.rawValue ?? "generic", isUserData: false)),
        ]) { _, own in own }
        var appObject = shared.app
        // A page served for one invite sends its store buttons through the server's hand-off.
        if let handOff {
            if let url = StoreLinks.appStore(app).map({ _ in handOff.appStoreURL }) {
                values["app.appStoreURL"] = setting(.url(url), "app.appStoreID")
                appObject["appStoreURL"] = marked(url, origins.setting("app.appStoreID"))
            }
            if let url = app.playStoreURL.map({ _ in handOff.playStoreURL }) {
                values["app.playStoreURL"] = setting(.url(url), "app.playStoreURL")
                appObject["playStoreURL"] = marked(url, origins.setting("app.playStoreURL"))
            }
        }
        appObject["smartAppBanner"] = marked(
            StoreLinks.smartAppBanner(app, argument: inviteURL) ?? "", origins.setting("app.appStoreID"))
        if let deepLink { values["invite.deepLink"] = setting(.url(deepLink), "app.urlScheme") }
        let scope = RenderScope(
            values: values, catalog: catalog, locale: locale, arguments: arguments,
            appSchemes: Set(app.urlScheme.map { [$0.lowercased()] } ?? []))
        self.scope = scope

        var texts: [String: TemplateValue] = [:]
        var fragments: [String: TemplateValue] = [:]
        // Whether every string is an earlier page's: then so are the objects made of them.
        var allKnown = true
        for key in layoutKeys.sorted().map({ MessageKey($0) }) {
            if let lookup = fixedStrings.formatted(
                key, in: locale, catalog: catalog, arguments: arguments, origins: origins,
                appSchemes: scope.appSchemes)
            {
                allKnown = allKnown && lookup.wasKnown
                if let fixed = lookup.formatted {
                    texts[key.rawValue] = .text(fixed.text)
                    fragments[key.rawValue] = .html(fixed.html)
                }
                continue
            }
            allKnown = false
            guard let message = scope.message(key) else { continue }
            let origin = origins.string(key, in: locale)
            texts[key.rawValue] = marked(MessageRenderer.plainText(message, rightToLeft: locale.isRightToLeft), origin)
            fragments[key.rawValue] = .html(
                OriginMarks.wrap(MessageRenderer.html(message, appSchemes: scope.appSchemes), in: origin))
        }
        let titleOrigin = origins.string(MessageKey(template.titleKey), in: locale)
        let title = OriginMarks.wrap(
            scope.message(MessageKey(template.titleKey)).map {
                MessageRenderer.plainText($0, rightToLeft: locale.isRightToLeft)
            } ?? "", in: titleOrigin)
        let description = OriginMarks.wrap(
            template.descriptionKey.flatMap { scope.message(MessageKey($0)) }
                .map { MessageRenderer.plainText($0, rightToLeft: locale.isRightToLeft) } ?? "",
            in: template.descriptionKey.flatMap { origins.string(MessageKey($0), in: locale) })
        // The page's own preview card when the site has a card layout, else the fallback image. A
        // page rendered for an invite outside the samples (at request time) shows the invite's own
        // card at `cardURL`, or else its locale's card.
        let cardSample = route.sample == nil && cardURL == nil ? nil : sample
        let ogImage =
            cards.map { _ in
                cardURL ?? app.baseURL.appending(path: "/" + CardSet.path(locale: locale, sample: cardSample?.id))
            }
            ?? config.theme.ogImage.map { app.baseURL.appending(path: "/" + $0) }
        let ogAlt = cards?.altText(locale: locale, sample: cardSample) ?? ""
        let baseURLOrigin = origins.setting("app.baseURL")
        // A page rendered for one invite outside the samples (at request time) is previewed under
        // the invite's own link: a platform that keys previews by `og:url` keeps one per invite,
        // not one per locale. Built pages, samples too, keep their own URL.
        let ogURL =
            sample != nil && route.sample == nil && !inviteURL.isEmpty
            ? marked(inviteURL, inviteOrigin) : marked(canonical, baseURLOrigin)
        // Every locale's version of a page lists the same alternates.
        let alternates = localeParts.alternates.value(
            for: route.kind.rawValue + "\u{1F}" + (route.sample.map { "\u{1E}" + $0 } ?? "")
        ) {
            .sharing(
                .list(
                    buildLocales.map { other in
                        .object([
                            "hreflang": .text(other.rawValue),
                            "href": marked(
                                app.baseURL.appending(
                                    path: PageRoute(kind: route.kind, locale: other, sample: route.sample).urlPath),
                                baseURLOrigin),
                        ])
                    } + [
                        .object([
                            "hreflang": .text("x-default"),
                            "href": marked(
                                app.baseURL.appending(
                                    path: PageRoute(
                                        kind: route.kind, locale: config.locales.defaultLocale, sample: route.sample
                                    ).urlPath),
                                baseURLOrigin),
                        ])
                    ]))
        }
        let qrCode = handOff?.qrCodeLink.flatMap { link in
            QRCode(encoding: link).map { code in
                let title = scope.message(MessageKey("landing.scanToOpen")).map {
                    MessageRenderer.plainText($0, rightToLeft: locale.isRightToLeft)
                }
                return code.svg(moduleSize: 4, title: title ?? "QR code")
            }
        }
        let strings =
            allKnown
            ? localeParts.layoutStrings(locale, layout: template.layout) {
                (
                    texts: .sharing(TemplateValue.nested(texts)),
                    fragments: .sharing(TemplateValue.nested(fragments))
                )
            } : (texts: TemplateValue.nested(texts), fragments: TemplateValue.nested(fragments))
        layout = [
            "page": .object([
                "title": .text(title),
                "description": .text(description),
                "kind": .text(template.kind.rawValue),
                "lang": .text(locale.rawValue),
                "dir": .text(locale.direction),
                "url": marked(canonical, baseURLOrigin),
                "status": .text(String(route.status)),
                "isSample": .flag(sample != nil),
            ]),
            "og": .object([
                "title": .text(title),
                "description": .text(description),
                "url": ogURL,
                "locale": .text(locale.underscored),
                "image": marked(ogImage ?? "", baseURLOrigin),
                "hasImage": .flag(ogImage != nil),
                "hasCard": .flag(cards != nil),
                "imageWidth": .text(cards != nil ? "1200" : ""),
                "imageHeight": .text(cards != nil ? "630" : ""),
                "imageAlt": .text(ogAlt),
                "twitterCard": .text(ogImage != nil ? "summary_large_image" : "summary"),
            ]),
            "alternates": alternates,
            "invite": .object([
                "url": marked(inviteURL, inviteOrigin),
                "code": marked(sample?.code.rawValue ?? "", inviteOrigin),
                "deepLink": marked(deepLink ?? "", origins.setting("app.urlScheme")),
                "hasDeepLink": .flag(deepLink != nil),
                "contextTitle": marked(
                    sample?.contextTitle ?? "", sample.map { origins.sample($0, field: "contextTitle") }),
                "hasContextTitle": .flag(sample?.contextTitle?.isEmpty == false),
                // The store button copies the invite's link first (`deferred.clipboard`).
                "copiesLink": .flag(handOff?.clipboardLink != nil),
                // A desktop browser's page shows the link as a QR code to scan with a phone.
                "hasQRCode": .flag(qrCode != nil),
                "qrCode": .html(qrCode ?? ""),
            ]),
            "inviter": .object([
                "isKnown": .flag(sample != nil),
                // The full name adds to what the heading's first name says only when it differs.
                "hasFullName": .flag(sample.map { $0.inviterName != $0.inviterFirstName } ?? false),
                "name": marked(arguments["inviterName"]!.text, sample.map { origins.sample($0, field: "inviterName") }),
                "initials": .text(CardSet.initials(of: sample?.inviterName ?? "")),
                // A real invite's sender's picture (served at its link) or a sample's static file.
                "hasAvatar": .flag(avatarURL != nil || sample?.avatar != nil),
                "avatarURL": marked(
                    avatarURL ?? sample?.avatar.map { "/" + $0 } ?? "",
                    sample.map { origins.sample($0, field: "avatar") }),
            ]),
            "waitlist": .object([
                "joined": .flag(waitlist == .joined), "invalidAddress": .flag(waitlist == .invalidAddress),
            ]),
            "app": .object(appObject),
            "theme": shared.theme,
            "links": shared.links,
            "t": strings.texts,
            "html": strings.fragments,
        ]
    }

    /// The parts of the context every page of `locale` shares (`LocaleParts`).
    private static func localeParts(
        site: Site, catalog: Catalog, locale: LocaleID, origins: RenderOrigins, themeCSS: String
    ) -> LocaleParts.Parts {
        let config = site.config
        let app = config.app
        func setting(_ value: RenderValue, _ name: String) -> RenderScope.Value {
            .init(value, from: origins.setting(name))
        }
        func marked(_ text: String, _ origin: Origin?) -> TemplateValue { .text(OriginMarks.wrap(text, in: origin)) }
        func pageURL(_ kind: TemplateKind) -> String { PageRoute(kind: kind, locale: locale).urlPath }
        let anonymous =
            catalog.format(MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
        var values: [String: RenderScope.Value] = [
            "app.name": setting(.text(app.name, isUserData: false), "app.name"),
            "app.supportURL": setting(.url(app.supportURL.absoluteString), "app.supportURL"),
            "app.supportEmail": setting(.text(app.supportEmail, isUserData: false), "app.supportEmail"),
            "invite.expiryDays": setting(.text(String(config.expiryDays), isUserData: false), "expiry.days"),
            "locale.id": .init(.text(locale.rawValue, isUserData: false)),
            "locale.dir": .init(.text(locale.direction, isUserData: false)),
        ]
        for kind in TemplateKind.allCases { values["links.\(kind.rawValue)"] = .init(.url(pageURL(kind))) }
        let appStoreURL = StoreLinks.appStore(app)
        let playStoreURL = app.playStoreURL?.absoluteString
        if let url = appStoreURL { values["app.appStoreURL"] = setting(.url(url), "app.appStoreID") }
        if let url = playStoreURL { values["app.playStoreURL"] = setting(.url(url), "app.playStoreURL") }
        let logo = config.theme.logo
        return LocaleParts.Parts(
            anonymous: anonymous, values: values,
            app: [
                "name": marked(app.name, origins.setting("app.name")),
                "appStoreURL": marked(appStoreURL ?? "", origins.setting("app.appStoreID")),
                "hasAppStore": .flag(app.appStoreID != nil),
                "playStoreURL": marked(playStoreURL ?? "", origins.setting("app.playStoreURL")),
                "hasPlayStore": .flag(app.playStoreURL != nil),
                "supportURL": marked(app.supportURL.absoluteString, origins.setting("app.supportURL")),
                "supportEmail": marked(app.supportEmail, origins.setting("app.supportEmail")),
                "supportMailto": marked("mailto:" + app.supportEmail, origins.setting("app.supportEmail")),
                "hasSmartAppBanner": .flag(app.appStoreID != nil),
                "androidWaitlistURL": marked(
                    app.androidWaitlistURL?.absoluteString ?? "", origins.setting("app.androidWaitlistURL")),
                "hasAndroidWaitlist": .flag(app.androidWaitlistURL != nil),
            ],
            theme: .sharing(
                .object([
                    "css": .html(themeCSS),
                    "hasLogo": .flag(logo != nil),
                    "logo": .object([
                        "url": marked(logo.map { "/" + $0.path } ?? "", origins.setting("theme.logo.path")),
                        "alt": marked(logo?.alt ?? "", origins.setting("theme.logo.alt")),
                        "width": .text(logo.map { String($0.width) } ?? ""),
                        "height": .text(logo.map { String($0.height) } ?? ""),
                    ]),
                ])),
            links: .sharing(
                .object(
                    Dictionary(
                        uniqueKeysWithValues: TemplateKind.allCases.map {
                            ($0.rawValue, TemplateValue.text(pageURL($0)))
                        }
                    )))
        )
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
}
