import BeckonDiagnostics
import BeckonInvitePages
import BeckonSite
import Foundation

/// The build a server starts from: the site built in memory by the pipeline, through the cache
/// of `--cache` when there is one, its step results released once built (a server keeps the
/// files, not the steps that made them).
public struct ServingBuild: SiteBuilder {
    /// The site and how it is built; `write` is ignored, nothing is written.
    public var options: BuildOptions
    /// Where the site's files are read from, and the build's findings point.
    public var sources: SourceStore

    public init(options: BuildOptions, sources: SourceStore) {
        self.options = options
        self.sources = sources
    }

    public var cacheFolder: URL? { options.cacheFolder }

    public var siteFolder: URL { options.site }

    public func build(warn: @Sendable (String) -> Void) async -> BuiltSite {
        let (engine, cacheProblem) = BuildCache.engine(folder: options.cacheFolder, forOneRun: true)
        if let cacheProblem { warn(cacheProblem.warningLine) }
        var options = options
        options.write = false
        options.needsLoadedSite = true
        let result = await Pipeline(options: options, sources: sources, engine: engine).run()
        engine.releaseResults()
        return BuiltSite(artifacts: result.artifacts, report: result.report, invitePages: result.invitePages)
    }
}
