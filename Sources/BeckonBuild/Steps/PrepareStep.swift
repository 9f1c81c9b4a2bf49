import BeckonChecks
import BeckonDiagnostics
import BeckonEmail
import BeckonEngine
import BeckonInvitePages
import BeckonMessages
import BeckonRender
import BeckonWeb

/// Signs the sample invites' links and tokens, loads the card set, sets up the checker, and
/// validates every template once before anything is rendered.
struct PrepareStep {
    let engine: Engine
    let options: BuildOptions

    func run(_ loaded: LoadedSite) async -> (Prepared, [Diagnostic]) {
        let site = loaded.site
        let catalog = loaded.catalog
        var diagnostics: [Diagnostic] = []
        // Tokens are RSA signatures: sign them once per configuration and key.
        let inputs = loaded.inputs
        let tokens = await engine.value(BuildSteps.prepareTokens, BuildSteps.prepareTokens.key()) {
            inputs.record(.config, .run, .emailTemplateList)
            return await SampleTokens.make(site, environment: options.environment)
        }
        let (tokenLinks, acceptExpectation, tokenDiagnostics) = tokens
        diagnostics += tokenDiagnostics
        let (sampleLinks, linkStandIns, linkDiagnostics) = SampleLinks.make(site, environment: options.environment)
        diagnostics += linkDiagnostics
        var checkContext = CheckSetup.context(site, environment: options.environment)
        checkContext.emailAccept = acceptExpectation
        checkContext.signedLinkStandIns = linkStandIns
        var checker = Checker.standard(checkContext)
        if let cache = options.onlineCache {
            checker = checker.checkingOnline(
                with: OnlineLinkChecker(cache: OnlineLinkCache(file: cache), environment: options.environment),
                ownHosts: [site.config.app.baseURL.host, site.config.links.host])
        }
        let (overrides, overrideDiagnostics) = CheckSetup.overrides(site.config, known: Checker.allRuleIDs)
        diagnostics += overrideDiagnostics
        let (cards, cardDiagnostics) = self.cards(loaded)
        diagnostics += cardDiagnostics
        let pages = PageRenderer(
            site: site, catalog: catalog, layouts: loaded.layouts, sampleLinks: sampleLinks, cards: cards)
        // Each template's check builds a page's context: one template on each core.
        diagnostics += site.orderedTemplates.filter { loaded.layouts.contains($0.layout) }
            .parallelMap { pages.validate($0) }.flatMap { $0 }
        let messages = ShareMessageRenderer(site: site, catalog: catalog, sampleLinks: sampleLinks)
        diagnostics += messages.validate()
        let emails = EmailRenderer(
            site: site, catalog: catalog, acceptLinks: sampleLinks.merging(tokenLinks) { _, token in token },
            sendDate: options.sendDate)
        for template in site.emailTemplates { diagnostics += emails.validate(template) }
        let prepared = Prepared(
            pages: pages, emails: emails, messages: messages, cards: cards, sampleLinks: sampleLinks,
            checker: checker, overrides: overrides, online: options.onlineCache != nil)
        return (prepared, diagnostics)
    }

    /// The card set: its layout, logo and avatars are read once per layout, theme and static
    /// files (recorded as reads); the catalog it formats texts with is the current one.
    private func cards(_ loaded: LoadedSite) -> (CardSet?, [Diagnostic]) {
        let inputs = loaded.inputs
        let (cards, diagnostics) = engine.value(BuildSteps.prepareCards, BuildSteps.prepareCards.key()) {
            inputs.record(.config, .cardLayouts, .staticFiles)
            return CardSet.load(loaded.site, catalog: loaded.catalog)
        }
        return (cards?.using(site: loaded.site, catalog: loaded.catalog), diagnostics)
    }
}
