import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonRender
import BeckonReview
import Foundation

/// What a build did: its diagnostics, the artifacts it rendered, and whether it wrote them.
public struct BuildResult: Sendable {
    public var report: DiagnosticReport
    public var artifacts: [Artifact]
    /// Whether `output` was replaced.
    public var wrote: Bool
    public var output: URL
    /// Wall-clock seconds the build took.
    public var seconds: Double
    /// The locales rendered.
    public var locales: [String]
    /// How complete each locale is.
    public var localization: [LocaleStatus] = []
    /// Which steps ran and which were reused.
    public var steps = StepStats()
    /// Why each file `BuildOptions.explain` asked about was rendered again or reused, by output
    /// path, in words that name the changed file or string.
    public var explanations: [String: String] = [:]
    /// The site's pages for real invites, rendered on request (`beckon serve`); `nil` when the
    /// build stopped before rendering.
    public var invitePages: InvitePages?

    /// Artifacts per manifest kind, for the summary line.
    public var countsByKind: [(ArtifactKind, Int)] {
        Dictionary(grouping: artifacts, by: \.kind).map { ($0.key, $0.value.count) }.sorted { $0.0 < $1.0 }
    }
}
