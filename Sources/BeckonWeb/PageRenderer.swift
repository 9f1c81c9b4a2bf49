import BeckonDiagnostics
import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite

/// Renders the site's pages: a template's Markdown body inside its layout, for one locale and,
/// for personal pages, one sample invite.
public struct PageRenderer: Sendable {
    public let site: Site
    public let catalog: Catalog
    public let layouts: LayoutLibrary
    /// Each sample invite's link, signed when a key is available; see `SampleLinks`.
    public let sampleLinks: [String: String]
    /// The site's preview cards, which landing pages point `og:image` at.
    public let cards: CardSet?
    /// Strings without arguments, formatted once for every page of a locale.
    let fixedStrings = FixedStrings()
    /// What every page of a locale shares of its context, made once per locale.
    let localeParts = LocaleParts()
    /// The theme's stylesheet (`theme.css`), the same on every page.
    let themeCSS: String

    public init(
        site: Site, catalog: Catalog, layouts: LayoutLibrary, sampleLinks: [String: String] = [:], cards: CardSet? = nil
    ) {
        self.site = site
        self.catalog = catalog
        self.layouts = layouts
        self.sampleLinks = sampleLinks
        self.cards = cards
        themeCSS = ThemeCSS.css(
            site.config.theme, origins: RenderOrigins(config: site.configLocations, catalog: catalog))
    }

    /// The routes to render for a template: every build locale, and for personal pages every
    /// sample invite in every build locale.
    public func routes(for template: Template) -> [PageRoute] {
        var routes: [PageRoute] = []
        for locale in site.buildLocales {
            routes.append(PageRoute(kind: template.kind, locale: locale))
            if template.kind.isPersonal {
                routes += site.config.samples.map { PageRoute(kind: template.kind, locale: locale, sample: $0.id) }
            }
        }
        return routes
    }

    /// Checks a template once before it is rendered: every placeholder must name a value or a
    /// locale string, and those strings may only use known arguments.
    public func validate(_ template: Template) -> [Diagnostic] {
        guard let locale = site.buildLocales.first else { return [] }
        let context = PageContext(
            site: site, catalog: catalog, template: template, route: PageRoute(kind: template.kind, locale: locale),
            sample: site.config.samples.first, buildLocales: site.buildLocales, sampleLinks: sampleLinks, cards: cards,
            layoutKeys: layouts.referencedKeys(of: template.layout), themeCSS: themeCSS,
            fixedStrings: fixedStrings)
        var diagnostics: [Diagnostic] = []
        var usedKeys: [MessageKey] =
            [MessageKey(template.titleKey)] + (template.descriptionKey.map { [MessageKey($0)] } ?? [])
        for placeholder in template.placeholders {
            if placeholder.path.hasPrefix(RenderScope.messagePrefix) {
                let key = MessageKey(String(placeholder.path.dropFirst(RenderScope.messagePrefix.count)))
                usedKeys.append(key)
                if !catalog.contains(key, in: locale) {
                    diagnostics.append(catalog.missingKey(key, at: placeholder.location))
                }
            } else if context.scope.values[placeholder.path] == nil {
                diagnostics.append(
                    context.scope.unknownPlaceholder(placeholder, documentation: "docs/site-format.md"))
            }
        }
        for (key, frontMatterKey) in [(template.titleKey, "title"), (template.descriptionKey, "description")] {
            guard let key else { continue }
            if !catalog.contains(MessageKey(key), in: locale) {
                diagnostics.append(catalog.missingKey(MessageKey(key), at: template.location(of: frontMatterKey)))
            }
        }
        for key in Set(usedKeys).sorted() {
            diagnostics += catalog.unknownArguments(key: key, known: MessageArguments.names)
        }
        if template.kind.isPersonal, readsInviter(template, keys: usedKeys),
            !catalog.contains(MessageArguments.anonymousInviterKey, in: locale)
        {
            diagnostics.append(
                .error(
                    "l10n.missing-key",
                    "`\(MessageArguments.anonymousInviterKey)` is missing: \(template.kind.rawValue) pages rendered without an inviter call them by it",
                    at: SourceLocation(file: catalog.sourceBundle?.path ?? "locales/"),
                    fix: "Add `common.friend: A friend` (translated) to every locale bundle."))
        }
        diagnostics += LayoutLinter(library: layouts).lint(template.layout, context: context.layoutContext(body: ""))
        return diagnostics
    }

    /// Whether a page of `template` shows the inviter's name anywhere: a placeholder of the template
    /// or its layout, or an argument of a string either prints. Only then does a page rendered
    /// without an inviter need `common.friend` to stand in.
    private func readsInviter(_ template: Template, keys: [MessageKey]) -> Bool {
        let layoutNames = layouts.referencedNames(of: template.layout)
        let names = template.placeholders.map(\.path) + Array(layoutNames)
        if names.contains(where: { $0.hasPrefix("inviter.") }) { return true }
        let layoutKeys = layouts.referencedKeys(of: template.layout).map { MessageKey($0) }
        return (keys + layoutKeys).contains { key in
            catalog.bundles.values.contains { bundle in
                bundle.entries[key]?.message.argumentNames.contains { $0.hasPrefix("inviter") } == true
            }
        }
    }

    /// Renders one page; `waitlist` gives the Android page the server answers a waiting-list
    /// post with.
    public func render(
        _ template: Template, route: PageRoute, waitlist: WaitlistOutcome? = nil
    ) -> (Artifact?, [Diagnostic]) {
        let sample = route.sample.flatMap { id in site.config.samples.first { $0.id == id } }
        return render(template, route: route, sample: sample, links: sampleLinks, waitlist: waitlist)
    }

    /// Renders one page for an invite that is not among the samples, with its own link: a route
    /// without a sample gives the locale's page (its URL, alternates and card) showing the invite's
    /// values; a route naming the invite's id gives the page a sample with its fields would get.
    /// With `cardURL`, the page's `og:image` is the invite's own card there; with `avatarURL`, the
    /// page shows the sender's picture from there (`inviter.avatarURL`); with `handOff`, its store
    /// buttons go through the server's hand-off (and copy the link first when it says so).
    public func render(
        _ template: Template, route: PageRoute, invite: InviteValues, link: String, cardURL: String? = nil,
        avatarURL: String? = nil, handOff: StoreHandOff? = nil
    ) -> (Artifact?, [Diagnostic]) {
        render(
            template, route: route, sample: invite, links: [invite.id: link], cardURL: cardURL, avatarURL: avatarURL,
            handOff: handOff)
    }

    private func render(
        _ template: Template, route: PageRoute, sample: InviteValues?, links: [String: String], cardURL: String? = nil,
        avatarURL: String? = nil, handOff: StoreHandOff? = nil, waitlist: WaitlistOutcome? = nil
    ) -> (Artifact?, [Diagnostic]) {
        let context = PageContext(
            site: site, catalog: catalog, template: template, route: route, sample: sample,
            buildLocales: site.buildLocales, sampleLinks: links, cards: cards,
            layoutKeys: layouts.referencedKeys(of: template.layout), themeCSS: themeCSS,
            fixedStrings: fixedStrings, localeParts: localeParts, cardURL: cardURL, avatarURL: avatarURL,
            handOff: handOff, waitlist: waitlist)
        var (body, diagnostics) = TemplateBodyRenderer.html(template, scope: context.scope)
        guard var marked = layouts.render(template.layout, context: context.layoutContext(body: body)) else {
            return (nil, diagnostics)
        }
        if route.artifactKind == .landing, let analytics = site.config.analytics, let end = Self.bodyEnd(in: marked) {
            let beacon = AnalyticsBeacon.html(
                endpoint: analytics.endpoint, links: site.config.links,
                context: sample?.context.rawValue ?? "generic", locale: route.locale.rawValue,
                sendsLink: [site.config.links.host, site.config.app.baseURL.host].contains(analytics.endpoint.host))
            let origin = RenderOrigins(config: site.configLocations, catalog: catalog).setting("analytics.endpoint")
            marked.insert(contentsOf: OriginMarks.wrap(beacon, in: origin), at: end)
        }
        if route.artifactKind == .landing, let handOff, let link = handOff.clipboardLink,
            let end = Self.bodyEnd(in: marked)
        {
            let origin = RenderOrigins(config: site.configLocations, catalog: catalog).setting("deferred.clipboard")
            marked.insert(contentsOf: OriginMarks.wrap(handOff.clipboardScript(link: link) + "\n", in: origin), at: end)
        }
        marked = PhraseBreakMarkup.marked(marked, locale: route.locale.rawValue)
        let (html, provenance) = OriginMarks.strip(marked)
        diagnostics = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.sample = route.sample
            return diagnostic
        }
        let artifact = Artifact(
            path: route.filePath, kind: route.artifactKind, locale: route.locale, template: template.path,
            context: sample?.context.rawValue ?? "generic", sample: route.sample, status: route.status,
            contentType: "text/html; charset=utf-8", bytes: html,
            origin: SourceLocation(file: template.path, line: template.bodyStartLine), provenance: provenance)
        return (artifact, diagnostics)
    }

    /// Where the page's last `</body>` starts, found in its bytes from the end.
    static func bodyEnd(in page: String) -> String.Index? {
        let tag = Array("</body>".utf8)
        let utf8 = page.utf8
        var end = utf8.endIndex
        while let start = utf8[..<end].lastIndex(of: tag[0]) {
            if utf8[start...].starts(with: tag) { return start }
            end = start
        }
        return nil
    }
}
