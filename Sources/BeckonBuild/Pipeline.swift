import BeckonChecks
import BeckonDiagnostics
import BeckonEmail
import BeckonLocalization
import BeckonMessages
import BeckonRender
import BeckonReview
import BeckonSite
import BeckonWeb
import Foundation

/// The build: load → validate → render every page × locale × invite context (in parallel) →
/// check the rendered bytes → write atomically.
public struct Pipeline: Sendable {
    public let options: BuildOptions
    public let sources: SourceStore
    let progress: ProgressHandler?

    public init(options: BuildOptions, sources: SourceStore = SourceStore(), progress: ProgressHandler? = nil) {
        self.options = options
        self.sources = sources
        self.progress = progress
    }

    /// Runs the build and returns its finalized report.
    public func run() async -> BuildResult {
        let start = Date()
        let writer = OutputWriter(output: options.outputFolder, site: options.site)
        if options.write, let problem = writer.safetyProblem() {
            return BuildResult(
                report: DiagnosticReport([problem]), artifacts: [], wrote: false, output: options.outputFolder,
                seconds: Date().timeIntervalSince(start), locales: [])
        }
        let outcome = await renderAndCheck()
        let artifacts = outcome.artifacts
        var report = DiagnosticReport(outcome.diagnostics).finalized(
            overrides: outcome.overrides, strict: options.strict)
        var wrote = false
        if options.write, !artifacts.isEmpty, !report.hasErrors || options.keepGoing {
            if let problem = writer.write(artifacts, manifest: Manifest(artifacts)) {
                report.append(problem)
                report = report.finalized(overrides: outcome.overrides, strict: options.strict)
            } else {
                wrote = true
            }
        }
        return BuildResult(
            report: report, artifacts: artifacts.sorted { $0.path < $1.path }, wrote: wrote,
            output: options.outputFolder, seconds: Date().timeIntervalSince(start), locales: outcome.locales,
            localization: outcome.localization)
    }

    /// What rendering and checking produced.
    struct Outcome {
        var artifacts: [Artifact] = []
        var diagnostics: [Diagnostic]
        var locales: [String] = []
        var localization: [LocaleStatus] = []
        var overrides: [RuleID: Severity?] = [:]
    }

    /// Everything but writing: the artifacts, every diagnostic, the locales built and their status.
    func renderAndCheck() async -> Outcome {
        let (loaded, siteDiagnostics) = SiteLoader(root: options.site, sources: sources).load(locales: options.locales)
        var diagnostics = siteDiagnostics
        guard var site = loaded, !diagnostics.containsErrors else { return Outcome(diagnostics: diagnostics) }
        if let invite = options.invite { site.config.samples = [invite] }
        var (catalog, catalogDiagnostics) = Catalog.load(site)
        if options.pseudo { (site, catalog) = Self.addingPseudoLocales(site, catalog) }
        let (layouts, layoutDiagnostics) = LayoutLibrary.load(site.layouts)
        diagnostics +=
            catalogDiagnostics + layoutDiagnostics + catalog.fallbackDiagnostics(buildLocales: site.buildLocales)
        // A bundle that did not parse would make every string it holds look missing.
        let locales = site.buildLocales.map(\.rawValue)
        if catalogDiagnostics.contains(where: { $0.rule == "yaml.syntax" }) {
            return Outcome(diagnostics: diagnostics, locales: locales)
        }
        let (tokenLinks, acceptExpectation, tokenDiagnostics) = await SampleTokens.make(
            site, environment: options.environment)
        diagnostics += tokenDiagnostics
        var checkContext = CheckSetup.context(site, environment: options.environment)
        checkContext.emailAccept = acceptExpectation
        var checker = Checker.standard(checkContext)
        if let cache = options.onlineCache {
            checker = checker.checkingOnline(
                with: OnlineLinkChecker(cache: OnlineLinkCache(file: cache)),
                ownHosts: [site.config.app.baseURL.host, site.config.links.host])
        }
        let (overrides, overrideDiagnostics) = CheckSetup.overrides(site.config, known: Checker.allRuleIDs)
        diagnostics += overrideDiagnostics
        let (sampleLinks, linkDiagnostics) = SampleLinks.make(site, environment: options.environment)
        diagnostics += linkDiagnostics
        let (cards, cardDiagnostics) = CardSet.load(site, catalog: catalog)
        diagnostics += cardDiagnostics
        let renderer = PageRenderer(
            site: site, catalog: catalog, layouts: layouts, sampleLinks: sampleLinks, cards: cards)
        for template in site.orderedTemplates where layouts.contains(template.layout) {
            diagnostics += renderer.validate(template)
        }
        let messages = ShareMessageRenderer(site: site, catalog: catalog, sampleLinks: sampleLinks)
        diagnostics += messages.validate()
        let emails = EmailRenderer(
            site: site, catalog: catalog, acceptLinks: sampleLinks.merging(tokenLinks) { _, token in token },
            sendDate: options.sendDate)
        for template in site.emailTemplates { diagnostics += emails.validate(template) }
        func status() -> [LocaleStatus] {
            site.buildLocales.map { LocaleStatus.make($0, catalog: catalog, diagnostics: diagnostics) }
        }
        guard !diagnostics.containsErrors else {
            return Outcome(diagnostics: diagnostics, locales: locales, localization: status(), overrides: overrides)
        }

        let jobs = site.orderedTemplates.flatMap { template in renderer.routes(for: template).map { (template, $0) } }
        let counter = ProgressCounter(total: jobs.count, phase: "rendering", handler: progress)
        let results = jobs.parallelMap { job in
            defer { counter.increment() }
            return renderer.render(job.0, route: job.1)
        }
        var artifacts = results.compactMap(\.0)
        diagnostics += results.flatMap(\.1)
        if let cards {
            let rendered = cards.routes().parallelMap { cards.render(locale: $0.locale, sample: $0.sample) }
            artifacts += rendered.compactMap(\.0)
            diagnostics += rendered.flatMap(\.1)
        }
        let renderedEmails = emails.routes().parallelMap {
            emails.artifacts($0.template, locale: $0.locale, sample: $0.sample)
        }
        artifacts += renderedEmails.flatMap(\.0)
        diagnostics += renderedEmails.flatMap(\.1)
        artifacts += messages.artifacts()
        artifacts += WellKnownFiles.artifacts(site.config)
        let (assets, assetDiagnostics) = StaticAssets.artifacts(site)
        artifacts += assets
        diagnostics += assetDiagnostics + Self.collisions(artifacts)
        let localization = LocalizationReview.input(
            site: site, catalog: catalog, layouts: layouts, sampleLinks: sampleLinks, cards: cards)
        diagnostics += checker.check(artifacts) + checker.check(localization)
        let statuses = status()
        artifacts.append(
            ReviewPage(
                site: site, input: localization, statuses: statuses,
                diagnostics: DiagnosticReport(diagnostics).finalized(overrides: overrides, strict: options.strict)
                    .diagnostics,
                artifacts: artifacts
            ).artifact())
        return Outcome(
            artifacts: artifacts, diagnostics: diagnostics, locales: locales, localization: statuses,
            overrides: overrides)
    }

    /// The site and catalog with `en-XA` and `ar-XB` generated from the source bundle.
    static func addingPseudoLocales(_ site: Site, _ catalog: Catalog) -> (Site, Catalog) {
        guard let source = catalog.sourceBundle else { return (site, catalog) }
        var site = site
        var bundles = catalog.bundles
        for locale in PseudoLocale.all where !site.buildLocales.contains(locale) {
            site.buildLocales.append(locale)
            site.config.locales.list.append(locale)
            bundles[locale] = PseudoLocale.bundle(locale, from: source)
        }
        return (site, Catalog(locales: site.config.locales, bundles: bundles))
    }

    /// Two artifacts written to one path (a static file where a page goes).
    static func collisions(_ artifacts: [Artifact]) -> [Diagnostic] {
        var seen: [String: Artifact] = [:]
        var diagnostics: [Diagnostic] = []
        for artifact in artifacts {
            if let first = seen[artifact.path] {
                diagnostics.append(
                    .error(
                        "build.path-collision",
                        "`\(artifact.path)` would be written twice (\(first.kind.rawValue) and \(artifact.kind.rawValue))",
                        at: SourceLocation(file: artifact.template ?? "static/\(artifact.path)"),
                        fix: "Move or rename the static file; generated pages own their paths."))
            }
            seen[artifact.path] = artifact
        }
        return diagnostics
    }
}

extension [Diagnostic] {
    var containsErrors: Bool { contains { $0.severity == .error } }
}

/// Counts finished jobs across threads and reports them to a progress handler.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let phase: String
    private let handler: ProgressHandler?

    init(total: Int, phase: String, handler: ProgressHandler?) {
        self.total = total
        self.phase = phase
        self.handler = handler
    }

    func increment() {
        guard let handler else { return }
        let current = lock.withLock {
            done += 1
            return done
        }
        handler(current, total, phase)
    }
}
