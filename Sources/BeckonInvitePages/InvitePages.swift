import BeckonChecks
import BeckonDiagnostics
import BeckonEmail
import BeckonEngine
import BeckonLocalization
import BeckonMessages
import BeckonRender
import BeckonSite
import BeckonWeb

/// Pages for real invites, rendered when a link is opened (`beckon serve`): the site's own
/// templates and layouts with the invite's values, checked by the page rules a built page passes.
/// A page that fails them is not shown: the caller serves the built page without the invite's
/// values instead, and learns which rules failed (their ids only; never the values).
///
/// A class: every link answer in `beckon serve` reaches it, and a struct of this many parts was
/// copied (each part retained and released) at every one.
public final class InvitePages: Sendable {
    let renderer: PageRenderer
    let checker: Checker
    /// The site's card layout, when it has one.
    let cards: CardSet?
    /// The site's email renderer.
    let emails: EmailRenderer?
    let overrides: [RuleID: Severity?]
    let strict: Bool
    /// The site's files as the build read them: a page or card records the parts it is made from.
    let inputs: SiteInputs
    /// The site's share messages (`share`), for an invite's own message.
    public let messages: ShareMessageRenderer

    /// What rendering a page for an invite gave.
    public enum Rendered: Sendable {
        /// The page (or card), with the invite's values, passing the rules.
        case page(Artifact)
        /// The page failed these rules (or could not be rendered, with none): show the page
        /// without the invite's values.
        case failed([RuleID])
        /// The site has no template of that kind, or the kind never shows an invite's values.
        case notPersonal
    }

    package init(
        renderer: PageRenderer, checker: Checker, cards: CardSet?, emails: EmailRenderer?,
        overrides: [RuleID: Severity?], strict: Bool, inputs: SiteInputs, messages: ShareMessageRenderer
    ) {
        self.renderer = renderer
        self.checker = checker
        self.cards = cards
        self.emails = emails
        self.overrides = overrides
        self.strict = strict
        self.inputs = inputs
        self.messages = messages
    }

    /// Lets `engine` fingerprint what the pages and cards read (the site's files and settings, the
    /// strings they look up), so results kept on it are reused while what they read is unchanged.
    public func provideInputs(to engine: Engine) {
        let catalog = renderer.catalog
        for kind in [Catalog.string, Catalog.sourceString, Catalog.sourceKeyList] {
            engine.provide(kind) { catalog.fingerprint(of: $0) }
        }
        engine.provide(SiteInputs.kind) { [inputs] in inputs.fingerprint(of: $0) }
    }

    /// The page of `kind` in `locale` for an invite reached by `link`. With `asSample`, the page
    /// is rendered as a sample with the invite's fields would be (its URL, alternates and card
    /// are the sample's), which the build's sample pages equal byte for byte.
    /// With `cardURL`, the page's `og:image` is the invite's own card there (`card(locale:invite:)`);
    /// with `avatarURL`, the page shows the sender's picture from there; with `handOff`, its store
    /// buttons go through the server's hand-off. A page that fails a rule with the sender's name
    /// as given (a 60-character name overflows the title) is tried with its shorter forms
    /// (`InviteValues.shortNames`, as a card's title is) before it is `.failed`.
    public func page(
        _ kind: TemplateKind, locale: LocaleID, invite: InviteValues, link: String, asSample: Bool = false,
        cardURL: String? = nil, avatarURL: String? = nil, handOff: StoreHandOff? = nil
    ) -> Rendered {
        // The Android page too: the server shows it, with the sender, to an Android visitor of a
        // site without a Play listing (it is built without samples).
        guard kind.isPersonal || kind == .android, renderer.site.buildLocales.contains(locale),
            let template = renderer.site.orderedTemplates.first(where: { $0.kind == kind })
        else { return .notPersonal }
        let route = PageRoute(kind: kind, locale: locale, sample: asSample ? invite.id : nil)
        inputs.record(SiteInputs.pageParts(template.path))
        return shortening(invite, unless: asSample) { invite in
            let (artifact, diagnostics) = renderer.render(
                template, route: route, invite: invite, link: link, cardURL: cards == nil ? nil : cardURL,
                avatarURL: avatarURL, handOff: handOff)
            return checked(artifact, diagnostics, page: artifact.map(CheckedPage.init))
        }
    }

    /// `render`'s result for the invite, or, when it fails, for the invite with the first of its
    /// sender's shorter names that passes. A sample (`unless`) is rendered as it is: the build
    /// checks it so.
    private func shortening(
        _ invite: InviteValues, unless sample: Bool, _ render: (InviteValues) -> Rendered
    ) -> Rendered {
        let first = render(invite)
        guard case .failed = first, !sample else { return first }
        for name in InviteValues.shortNames(invite.inviterFirstName) {
            var shorter = invite
            shorter.inviterFirstName = name
            if case .page(let artifact) = render(shorter) { return .page(artifact) }
        }
        return first
    }

    /// The Android page in `locale` as the server answers the waiting-list form with: thanks, or
    /// the form again saying what was wrong. `.notPersonal` when the site has no Android page.
    public func waitlistPage(locale: LocaleID, outcome: WaitlistOutcome) -> Rendered {
        guard renderer.site.buildLocales.contains(locale),
            let template = renderer.site.orderedTemplates.first(where: { $0.kind == .android })
        else { return .notPersonal }
        inputs.record(SiteInputs.pageParts(template.path))
        let (artifact, diagnostics) = renderer.render(
            template, route: PageRoute(kind: .android, locale: locale), waitlist: outcome)
        return checked(artifact, diagnostics, page: artifact.map(CheckedPage.init))
    }

    /// The site the pages are rendered for.
    public var site: Site { renderer.site }

    /// The site's strings, as the pages are rendered with them.
    public var catalog: Catalog { renderer.catalog }

    /// The signed link of a sample invite (or of the invite `beckon render` was given), by id.
    public func sampleLink(_ id: String) -> String? { renderer.sampleLinks[id] }

    /// Whether the site draws preview cards.
    public var hasCards: Bool { cards != nil }

    /// The invite's own preview card in `locale`, with its sender's name and picture (`avatar`,
    /// a PNG) or initials, checked by the card rules (a title that overflows, colours that fail
    /// contrast): `.failed` means the caller shows the locale's built card.
    public func card(locale: LocaleID, invite: InviteValues, avatar: [UInt8]? = nil) -> Rendered {
        guard let cards, renderer.site.buildLocales.contains(locale) else { return .notPersonal }
        inputs.record(SiteInputs.cardParts)
        let (artifact, diagnostics) = cards.render(locale: locale, sample: invite, avatar: avatar)
        return checked(artifact, diagnostics, page: nil)
    }

    /// The artifact when it and the rules' findings on it hold no error.
    private func checked(_ artifact: Artifact?, _ diagnostics: [Diagnostic], page: CheckedPage?) -> Rendered {
        guard let artifact else { return .failed(diagnostics.map(\.rule)) }
        let failed = errors(diagnostics + checker.check(artifact, page: page))
        return failed.isEmpty ? .page(artifact) : .failed(failed)
    }

    /// The rules of the findings that stay errors with the site's overrides, each once, sorted.
    func errors(_ findings: [Diagnostic]) -> [RuleID] {
        let report = DiagnosticReport(findings).finalized(overrides: overrides, strict: strict)
        let failed = report.diagnostics.filter { $0.severity == .error }.map(\.rule)
        return Array(Set(failed)).sorted { $0.rawValue < $1.rawValue }
    }
}
