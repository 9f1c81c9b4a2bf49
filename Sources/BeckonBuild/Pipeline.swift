import BeckonChecks
import BeckonDiagnostics
import BeckonLocalization
import BeckonMessages
import BeckonRender
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
    public func run() -> BuildResult {
        let start = Date()
        let writer = OutputWriter(output: options.outputFolder, site: options.site)
        if options.write, let problem = writer.safetyProblem() {
            return BuildResult(
                report: DiagnosticReport([problem]), artifacts: [], wrote: false, output: options.outputFolder,
                seconds: Date().timeIntervalSince(start), locales: [])
        }
        let (artifacts, diagnostics, locales) = renderAndCheck()
        var report = DiagnosticReport(diagnostics).finalized(strict: options.strict)
        var wrote = false
        if options.write, !artifacts.isEmpty, !report.hasErrors || options.keepGoing {
            if let problem = writer.write(artifacts, manifest: Manifest(artifacts)) {
                report.append(problem)
                report = report.finalized(strict: options.strict)
            } else {
                wrote = true
            }
        }
        return BuildResult(
            report: report, artifacts: artifacts.sorted { $0.path < $1.path }, wrote: wrote,
            output: options.outputFolder, seconds: Date().timeIntervalSince(start), locales: locales)
    }

    /// Everything but writing: the artifacts, every diagnostic, and the locales built.
    func renderAndCheck() -> ([Artifact], [Diagnostic], [String]) {
        let (site, siteDiagnostics) = SiteLoader(root: options.site, sources: sources).load(locales: options.locales)
        var diagnostics = siteDiagnostics
        guard let site, !diagnostics.containsErrors else { return ([], diagnostics, []) }
        let (catalog, catalogDiagnostics) = Catalog.load(site)
        let (layouts, layoutDiagnostics) = LayoutLibrary.load(site.layouts)
        diagnostics +=
            catalogDiagnostics + layoutDiagnostics + catalog.fallbackDiagnostics(buildLocales: site.buildLocales)
        // A bundle that did not parse would make every string it holds look missing.
        if catalogDiagnostics.contains(where: { $0.rule == "yaml.syntax" }) {
            return ([], diagnostics, site.buildLocales.map(\.rawValue))
        }
        let (sampleLinks, linkDiagnostics) = SampleLinks.make(site, environment: options.environment)
        diagnostics += linkDiagnostics
        let renderer = PageRenderer(site: site, catalog: catalog, layouts: layouts, sampleLinks: sampleLinks)
        for template in site.orderedTemplates where layouts.contains(template.layout) {
            diagnostics += renderer.validate(template)
        }
        let messages = ShareMessageRenderer(site: site, catalog: catalog, sampleLinks: sampleLinks)
        diagnostics += messages.validate()
        guard !diagnostics.containsErrors else { return ([], diagnostics, site.buildLocales.map(\.rawValue)) }

        let jobs = site.orderedTemplates.flatMap { template in renderer.routes(for: template).map { (template, $0) } }
        let counter = ProgressCounter(total: jobs.count, phase: "rendering", handler: progress)
        let results = jobs.parallelMap { job in
            defer { counter.increment() }
            return renderer.render(job.0, route: job.1)
        }
        var artifacts = results.compactMap(\.0)
        diagnostics += results.flatMap(\.1)
        artifacts += messages.artifacts()
        artifacts += WellKnownFiles.artifacts(site.config)
        let (assets, assetDiagnostics) = StaticAssets.artifacts(site)
        artifacts += assets
        diagnostics += assetDiagnostics + Self.collisions(artifacts)
        let checker = Checker.standard(CheckContext(limits: site.config.limits))
        diagnostics += checker.check(artifacts)
        diagnostics += checker.check(
            LocalizationReview.input(site: site, catalog: catalog, layouts: layouts, sampleLinks: sampleLinks))
        return (artifacts, diagnostics, site.buildLocales.map(\.rawValue))
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
