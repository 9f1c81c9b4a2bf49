import BeckonDiagnostics
import BeckonRender

/// Runs the rules: page rules over every HTML page and text rules over every text artifact (in
/// parallel), site rules over all artifacts at once, catalog rules over the bundles. Findings are
/// placed where the bytes they concern were written (`FindingPlacement`), naming the output file
/// and line, locale and sample.
public struct Checker: Sendable {
    public let pageRules: [any PageRule]
    public let textRules: [any TextRule]
    public let imageRules: [any ImageRule]
    public let siteRules: [any SiteRule]
    public let catalogRules: [any CatalogRule]
    public let context: CheckContext
    /// The site rules by kind, sorted once here rather than cast per artifact.
    private let linkRules: [any LinkRule]
    private let pageSiteRules: [any PageSiteRule]
    private let emailRules: [any EmailRule]
    /// The site rules that are neither link, page nor email rules: they look at the site as a whole.
    public let wholeSiteRules: [any SiteRule]

    public init(
        pageRules: [any PageRule], textRules: [any TextRule] = [], imageRules: [any ImageRule] = [],
        siteRules: [any SiteRule] = [], catalogRules: [any CatalogRule] = [], context: CheckContext = CheckContext()
    ) {
        self.pageRules = pageRules
        self.textRules = textRules
        self.imageRules = imageRules
        self.siteRules = siteRules
        self.catalogRules = catalogRules
        self.context = context
        var linkRules: [any LinkRule] = []
        var pageSiteRules: [any PageSiteRule] = []
        var emailRules: [any EmailRule] = []
        var wholeSiteRules: [any SiteRule] = []
        for rule in siteRules {
            switch rule.role {
            case .link(let rule): linkRules.append(rule)
            case .page(let rule): pageSiteRules.append(rule)
            case .email(let rule): emailRules.append(rule)
            case .wholeSite: wholeSiteRules.append(rule)
            }
        }
        self.linkRules = linkRules
        self.pageSiteRules = pageSiteRules
        self.emailRules = emailRules
        self.wholeSiteRules = wholeSiteRules
    }

    /// The same rules measuring against a changed context (one real invite's creation time, say).
    public func changingContext(_ change: (inout CheckContext) -> Void) -> Checker {
        var context = self.context
        change(&context)
        return Checker(
            pageRules: pageRules, textRules: textRules, imageRules: imageRules, siteRules: siteRules,
            catalogRules: catalogRules, context: context)
    }

    /// Every rule Beckon has, measuring against `context`.
    public static func standard(_ context: CheckContext = CheckContext()) -> Checker {
        Checker(
            pageRules: [
                DocumentParsesRule(), LanguageRule(), TitleRule(), SingleHeadingRule(), ViewportRule(), NoIndexRule(),
                ImageAltRule(), EmptySourceRule(), SocialTagsRule(), WordsMaxRule(), CharsMaxRule(), EmailSubjectRule(),
                EmailPreheaderRule(), EmailSizeRule(), EmailAcceptLinkRule(), EmailButtonContrastRule(),
            ],
            textRules: [SMSSegmentsRule(), CharsMaxRule(), MessageEmptyRule(), MessageLinkRule()],
            imageRules: [CardSizeRule(), CardOverflowRule(), CardWidowRule(), CardContrastRule()],
            siteRules: [
                LinkURLRule(), LinkSchemeRule(), LinkHostRule(), LinkTargetRule(), LinkFragmentRule(),
                LinkPlaceholderRule(), InviteLinkRule(), DeepLinkRule(), AbsoluteMetaURLRule(), HreflangRule(),
                ThemeContrastRule(),
                LargeTextContrastRule(), NonTextContrastRule(), LogoVisibilityRule(), EmailTextURLsRule(),
                EmailMIMERule(),
                EmailLogoRule(),
            ],
            catalogRules: [
                UnusedKeyRule(), ArgumentMismatchRule(), TooLongRule(), WhitespaceRule(), URLMismatchRule(),
                MarkupMismatchRule(), UntranslatedRule(), StaleRule(), NeedsWorkRule(), SourceOnlyRule(),
                HandOffPromiseRule(),
            ],
            context: context)
    }

    /// The link and document rules for HTML Beckon did not build (`beckon lint`): no invite or
    /// `hreflang` rules, and the host rule only when hosts are given.
    public static func lint(allowedHosts: Set<String>, schemes: Set<String>) -> Checker {
        var siteRules: [any SiteRule] = [
            LinkURLRule(), LinkSchemeRule(), LinkTargetRule(), LinkFragmentRule(), LinkPlaceholderRule(),
            DeepLinkRule(),
            AbsoluteMetaURLRule(),
        ]
        if !allowedHosts.isEmpty { siteRules.append(LinkHostRule()) }
        var context = CheckContext(allowedHosts: allowedHosts, appSchemes: schemes)
        context.runner = .lint
        return Checker(
            pageRules: [
                DocumentParsesRule(), LanguageRule(), TitleRule(), SingleHeadingRule(), ViewportRule(), ImageAltRule(),
                EmptySourceRule(),
            ],
            siteRules: siteRules, context: context)
    }

    /// This checker with the network check of external links (`--online`).
    /// - Parameters:
    ///   - checker: Fetches URLs, with its concurrency, retries and cache.
    ///   - ownHosts: The site's own hosts, whose pages are in the output rather than deployed.
    public func checkingOnline(with checker: OnlineLinkChecker, ownHosts: Set<String>) -> Checker {
        Checker(
            pageRules: pageRules, textRules: textRules, imageRules: imageRules,
            siteRules: siteRules + [OnlineLinkRule(checker: checker, ownHosts: ownHosts)], catalogRules: catalogRules,
            context: context)
    }

    /// The ids of every rule Beckon has, including the online one.
    public static var allRuleIDs: Set<RuleID> { standard().ruleIDs.union(["links.online"]) }

    /// The ids of this checker's rules.
    public var ruleIDs: Set<RuleID> {
        Set(
            pageRules.map(\.id) + textRules.map(\.id) + imageRules.map(\.id) + siteRules.map(\.id)
                + catalogRules.map(\.id))
    }

    /// Findings for every rendered artifact (copied static files are not checked, but are link targets).
    public func check(_ artifacts: [Artifact]) -> [Diagnostic] {
        check(CheckedSite(artifacts))
    }

    /// Findings for every rendered artifact of a site already read (`beckon lint`'s files).
    ///
    /// One pass over the artifacts, spread across cores: each artifact's own rules, then the link
    /// rules over its links and the page rules that read the site; then the email rules per email
    /// and the rules that look at the site as a whole.
    /// - Parameter pagesChecked: The rules about each page on its own already ran
    ///   (`LintFiles.add(linting:below:checkingPagesWith:)`): only the other rules run.
    public func check(_ site: CheckedSite, pagesChecked: Bool = false) -> [Diagnostic] {
        let perArtifact = site.artifacts.parallelMap { artifact in
            let page = site.pages[artifact.path]
            let ownRules = artifact.origin != nil && !(pagesChecked && page != nil)
            return (ownRules ? check(artifact, page: page) : []) + checkAcrossSite(artifact, in: site)
        }
        let emails = site.emails.parallelMap { checkEmail($0, in: site) }
        return perArtifact.flatMap { $0 } + emails.flatMap { $0 } + checkWholeSite(site)
    }

    /// The findings of the email rules about one email's files.
    public func checkEmail(_ email: EmailFiles, in site: CheckedSite) -> [Diagnostic] {
        emailRules.flatMap { $0.check(email, site: site, context: context) }
    }

    /// What the link and page rules read of the site besides the artifact they check.
    public var artifactReads: SiteReads {
        (linkRules.map(\.reads) + pageSiteRules.map(\.reads)).reduce(into: []) { $0.formUnion($1) }
    }

    /// The findings of the link rules about one artifact's links and, for a page, of the page
    /// rules that read the rest of the site.
    public func checkAcrossSite(_ artifact: Artifact, in site: CheckedSite) -> [Diagnostic] {
        // Each rule looks at every link of the artifact at once; the findings are then listed link
        // by link, each link's in the rules' order.
        let found = site.links(of: artifact.path)
        var findings: [(link: Int, rule: Int, finding: Diagnostic)] = []
        for (index, rule) in linkRules.enumerated() {
            for (link, finding) in rule.check(artifact, links: found, site: site, context: context) {
                findings.append((link, index, finding))
            }
        }
        let links = findings.sorted { ($0.link, $0.rule) < ($1.link, $1.rule) }.map(\.finding)
        guard let page = site.pages[artifact.path], page.artifact.origin != nil else { return links }
        return links
            + pageSiteRules.flatMap { $0.check(page, site: site, context: context) }
    }

    /// The findings of the rules that look at the site as a whole.
    public func checkWholeSite(_ site: CheckedSite) -> [Diagnostic] {
        let context = self.context
        return wholeSiteRules.parallelMap { $0.check(site, context: context) }.flatMap { $0 }
    }

    /// Findings for the locale bundles: of every catalog rule, or only of those that compare one
    /// locale with the source (`everyLocale: false`) or those that read all locales at once (`true`).
    public func check(_ input: LocalizationInput, everyLocale: Bool? = nil) -> [Diagnostic] {
        catalogRules.filter { everyLocale == nil || $0.readsEveryLocale == everyLocale }.flatMap { $0.check(input) }
    }

    /// The findings of the page, text and image rules for one artifact; `page` is the artifact
    /// parsed, for HTML.
    public func check(_ artifact: Artifact, page: CheckedPage?) -> [Diagnostic] {
        if let page {
            return pageRules.flatMap { rule in
                rule.check(page, context: context).map { diagnostic(rule.id, $0, artifact, outputLine: true) }
            }
        }
        if artifact.contentType.hasPrefix("image/") {
            return imageRules.flatMap { rule in
                rule.check(artifact, context: context).map { diagnostic(rule.id, $0, artifact, outputLine: false) }
            }
        }
        guard artifact.contentType.hasPrefix("text/plain") else { return [] }
        let text = String(decoding: artifact.bytes, as: UTF8.self)
        return textRules.flatMap { rule in
            rule.check(artifact, text: text, context: context).map {
                diagnostic(rule.id, $0, artifact, outputLine: false)
            }
        }
    }

    private func diagnostic(_ rule: RuleID, _ finding: Finding, _ artifact: Artifact, outputLine: Bool) -> Diagnostic {
        // A linted file is its own source: findings point at its line (and the text they concern
        // on it). Otherwise a finding goes where the rule says or where the bytes it concerns were
        // written.
        let location =
            artifact.kind == .document
            ? FindingPlacement.location(in: artifact, line: finding.line, needle: finding.needle)
            : finding.location
                ?? FindingPlacement.location(in: artifact, line: outputLine ? finding.line : 1, needle: finding.needle)
        var diagnostic = Diagnostic.error(rule, finding.message, at: location, fix: finding.fix)
        diagnostic.detail = finding.detail
        if artifact.kind != .document {
            diagnostic.artifact = artifact.path
            diagnostic.artifactLine = outputLine ? finding.line : nil
        }
        diagnostic.locale = artifact.locale?.rawValue
        diagnostic.sample = artifact.sample
        return diagnostic
    }
}
