import BeckonCards
import BeckonDiagnostics
import BeckonLocalization
import BeckonRender
import BeckonSite
import Foundation

/// The site's Open Graph cards: one per locale without an inviter (the generic card, with no
/// personal data) and one per locale and sample invite, from `templates/og/card.yml`, with their
/// texts from the locale bundles.
public struct CardSet: Sendable {
    /// The layout file every site's cards use.
    public static let layoutName = "card"

    public let site: Site
    public let catalog: Catalog
    public let layout: CardLayout
    /// Where the layout was read from, for findings.
    public let layoutPath: String
    let assets: CardAssets
    /// The sample invites' avatar PNGs by sample id, read once for every locale's card.
    let avatars: [String: [UInt8]]

    /// Lets go of what drawing the cards kept, for a build whose cards are all drawn: the
    /// backgrounds drawn so far (`CardAssets.releaseDrawnBases`) and the fonts no card being drawn
    /// uses (`CardFonts.releaseIdle`). A card drawn later draws and loads them again.
    public func releaseAfterDrawing() {
        assets.releaseDrawnBases()
        CardFonts.releaseIdle()
    }

    /// Loads the site's card layout and logo; `nil` (with diagnostics when something is wrong)
    /// when the site has no card layout.
    public static func load(_ site: Site, catalog: Catalog) -> (CardSet?, [Diagnostic]) {
        guard let source = site.cardLayouts[layoutName] else { return (nil, []) }
        let (parsed, diagnostics) = CardLayout.parse(source, theme: site.config.theme)
        guard let layout = parsed else { return (nil, diagnostics) }
        do {
            let assets = try CardAssets(for: layout, site: site.root)
            let avatars = site.config.samples.reduce(into: [String: [UInt8]]()) { avatars, sample in
                guard let path = sample.avatar else { return }
                let url = site.root.appendingPathComponent("static/\(path)")
                avatars[sample.id] = FileManager.default.contents(atPath: url.path).map(Array.init)
            }
            let set = CardSet(
                site: site, catalog: catalog, layout: layout, layoutPath: source.path, assets: assets, avatars: avatars)
            return (set, diagnostics)
        } catch {
            return (
                nil,
                diagnostics + [
                    .error(
                        "card.logo", "the card logo cannot be used: \(error)", at: SourceLocation(file: source.path),
                        fix: "Point `logo.path` at a PNG below static/.")
                ]
            )
        }
    }

    /// The same cards with the texts of another catalog and site (after a string was edited).
    public func using(site: Site, catalog: Catalog) -> CardSet {
        CardSet(
            site: site, catalog: catalog, layout: layout, layoutPath: layoutPath, assets: assets, avatars: avatars)
    }

    /// The output path of a card.
    public static func path(locale: LocaleID, sample: String?) -> String {
        "cards/\(locale)/\(sample ?? "generic").png"
    }

    /// The texts a card shows, formatted for its locale and sample invite; with `isolating`, each
    /// value a sender typed that could reorder the sentence around it is wrapped in FSI…PDI for
    /// the locale's direction (text read outside the card, such as its `og:image:alt`).
    public func texts(
        locale: LocaleID, sample: InviteValues?, isolating: Bool = false
    ) -> (title: String, subtitle: String, footer: String) {
        let anonymous = catalog.format(MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
        let arguments = MessageArguments.values(
            config: site.config, sample: sample, anonymousInviter: anonymous, link: site.config.links.url(code: ""))
        func text(_ key: String?) -> String {
            guard let key, let message = catalog.format(MessageKey(key), in: locale, arguments: arguments) else {
                return ""
            }
            return MessageRenderer.plainText(message, rightToLeft: isolating ? locale.isRightToLeft : nil)
        }
        return (text(layout.title.key), text(layout.subtitle?.key), text(layout.footer?.key))
    }

    /// The strings a card shows: its title, subtitle and footer.
    public var textKeys: [MessageKey] {
        [layout.title.key, layout.subtitle?.key, layout.footer?.key].compactMap { $0.map { MessageKey($0) } }
    }

    /// The card's `og:image:alt`: what it says, a name in another script than the locale's
    /// isolated, so "Lou 👩🏽‍💻" reads as typed in an Arabic sentence.
    public func altText(locale: LocaleID, sample: InviteValues?) -> String {
        let texts = texts(locale: locale, sample: sample, isolating: true)
        return texts.subtitle.isEmpty ? texts.title : Self.sentences(texts.title, texts.subtitle, locale: locale)
    }

    /// Two texts as two sentences of the locale: Japanese and Chinese end the first with 「。」
    /// and no space, other languages with ". "; a first that already ends a sentence ("!", "？")
    /// gets only the space, if any.
    static func sentences(_ first: String, _ second: String, locale: LocaleID) -> String {
        let ended = first.last.map { ".!?…。！？".contains($0) } ?? false
        if ["ja", "zh"].contains(locale.language) { return first + (ended ? "" : "。") + second }
        return first + (ended ? " " : ". ") + second
    }

    /// Every card to render: each build locale without an inviter, and with each sample.
    public func routes() -> [(locale: LocaleID, sample: InviteValues?)] {
        site.buildLocales.flatMap { locale in [(locale, nil)] + site.config.samples.map { (locale, $0) } }
    }

    /// Renders one card. `avatar` is a real invite's sender's picture (a PNG), drawn instead of
    /// the sample's `avatar` file or the initials.
    public func render(locale: LocaleID, sample: InviteValues?, avatar: [UInt8]? = nil) -> (Artifact?, [Diagnostic]) {
        let texts = texts(locale: locale, sample: sample)
        let avatar = avatar ?? sample.flatMap { avatars[$0.id] }
        var content = CardContent(
            title: texts.title, subtitle: texts.subtitle, footer: texts.footer, locale: locale, avatarPNG: avatar,
            initials: sample.map { Self.initials(of: $0.inviterName) })
        content.titleAlternatives =
            sample.map { sample in
                InviteValues.shortNames(sample.inviterFirstName).map { name in
                    var short = sample
                    short.inviterFirstName = name
                    short.inviterName = name
                    return self.texts(locale: locale, sample: short).title
                }
            } ?? []
        do {
            let card = try CardRenderer.render(layout, content, assets: assets)
            var artifact = Artifact(
                path: Self.path(locale: locale, sample: sample?.id), kind: .ogCard, locale: locale,
                template: layoutPath,
                context: sample?.context.rawValue ?? "generic", sample: sample?.id, contentType: "image/png",
                bytes: card.png)
            artifact.card = CardFacts(
                titleOverflowed: card.titleOverflowed,
                texts: card.colors.map { pair in
                    let style = style(of: pair.element)
                    let paths = Self.colorPaths(pair.element)
                    return CardFacts.Text(
                        role: pair.element.rawValue, color: pair.text, backgrounds: pair.backgrounds,
                        isLarge: style.map { $0.size >= 24 || ($0.size >= 19 && $0.weight >= 700) } ?? true,
                        colorSource: source(ofColor: paths.text),
                        backgroundSources: paths.backgrounds.compactMap(source(ofColor:)))
                },
                titleSource: catalog.location(MessageKey(layout.title.key), in: locale)?.location,
                titleEndsInWidow: card.titleEndsInWidow,
                shortenedTitle: card.titleIsShortened ? card.title : nil)
            return (artifact, [])
        } catch {
            var diagnostic = Diagnostic.error(
                "card.render", "the card could not be rendered: \(error)", at: SourceLocation(file: layoutPath),
                fix: "Check the layout's images and fonts.")
            diagnostic.locale = locale.rawValue
            diagnostic.sample = sample?.id
            return (nil, [diagnostic])
        }
    }

    /// The layout paths of an element's text colour and of the colours behind it.
    static func colorPaths(_ element: CardColorPair.Element) -> (text: String, backgrounds: [String]) {
        let background = ["background", "background.from", "background.to"]
        switch element {
        case .title: return ("title.color", background)
        case .subtitle: return ("subtitle.color", background)
        case .footer: return ("footer.color", background)
        case .initials: return ("avatar.initialsColor", ["avatar.accent"])
        }
    }

    /// Where a colour of the layout was set: its line in the layout, or the theme colour's line in
    /// beckon.yml.
    func source(ofColor path: String) -> SourceLocation? {
        switch layout.colorSources[path] {
        case .layout(let location)?: return location
        case .theme(let key, let location)?:
            return site.configLocations[key] ?? location ?? SourceLocation(file: layoutPath)
        case nil: return nil
        }
    }

    private func style(of element: CardColorPair.Element) -> CardTextStyle? {
        switch element {
        case .title: layout.title
        case .subtitle: layout.subtitle
        case .footer: layout.footer
        case .initials: nil
        }
    }

    /// Up to two initials of a name: "Maya Schneider" → "MS"; one for a name in Arabic script,
    /// "ليلى العبدالله" → "ل", because two Arabic letters side by side read as a word whether or not
    /// they join (ل and ا read "لا", "no").
    /// Every page of a sender shows them (once per locale and page kind): worked out once per name.
    static func initials(of name: String) -> String {
        initialsByName.value(for: name) {
            let words = name.split(whereSeparator: \.isWhitespace).filter { $0.first?.isLetter == true }
            let letters = words.prefix(2).compactMap(\.first)
            // Two Arabic letters side by side read as a word (ل and ا make لا, "no"), joined or not:
            // a name in Arabic script gets its first letter only.
            let arabic = letters.contains { $0.unicodeScalars.contains { (0x0600...0x08FF).contains($0.value) } }
            return arabic ? letters.first.map(String.init) ?? "" : letters.map(String.init).joined()
        }
    }

    /// The initials of the names seen last.
    private static let initialsByName = TextMemo<String>(limit: 1_024)
}
