import BeckonDiagnostics
import BeckonRender
import Foundation

/// What a server needs of a build: the site built in memory once, at start. `beckon serve` is
/// given one (`ServingBuild` in BeckonBuild) and never runs the build pipeline itself.
public protocol SiteBuilder: Sendable {
    /// The folder `--cache` names, which the build reuses results from and a server keeps its
    /// invites' own pages and cards in; `nil` without a cache.
    var cacheFolder: URL? { get }

    /// The site's folder (`--site`).
    var siteFolder: URL { get }

    /// Builds the site as `beckon build` would, without writing it; `warn` gets a line for each
    /// problem that does not stop the build (a cache folder that cannot be used).
    func build(warn: @Sendable (String) -> Void) async -> BuiltSite
}

/// A site built in memory for a server.
public struct BuiltSite: Sendable {
    /// The built files, as `output/` would hold them.
    public var artifacts: [Artifact]
    /// The build's findings.
    public var report: DiagnosticReport
    /// The renderer of real invites' own pages, cards and emails; `nil` when the build stopped
    /// before rendering.
    public var invitePages: InvitePages?

    public init(artifacts: [Artifact], report: DiagnosticReport, invitePages: InvitePages?) {
        self.artifacts = artifacts
        self.report = report
        self.invitePages = invitePages
    }
}
