import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import Foundation

/// What the preview serves: the files of the last build that produced any, and the findings of
/// the latest build — which may have failed, in which case the last good files stay visible and
/// the browser shows why the site is broken.
public struct PreviewState: Sendable {
    /// Increases with every build; the browser reloads when it changes.
    public var version: Int
    /// The last good build's files, by output path.
    public var files: [String: Artifact]
    /// The latest build's findings.
    public var report: DiagnosticReport
    /// The latest build produced nothing (the site did not load or validate).
    public var broken: Bool
    /// How long the latest build took, in seconds.
    public var seconds: Double
    /// How many files the latest build rendered again (the rest were reused).
    public var rendered: Int
    /// The source files the findings quote.
    public var sources: SourceStore

    /// Which steps the latest build ran, and for how long.
    public var steps = StepStats()
    /// Why the latest build rendered files again, by output path (see `BuildOptions.explain`).
    public var explanations: [String: String] = [:]

    /// The site's production origins, rewritten to the preview in served pages.
    public var productionOrigins: [String]

    /// The findings made in one output file, with the line each was made at there: errors first,
    /// then warnings, then notes, each by location (the order the lists show them in).
    public func findings(in path: String) -> [(diagnostic: Diagnostic, line: Int?)] {
        report.bySeverity.flatMap { diagnostic in
            diagnostic.allOccurrences.filter { $0.artifact == path }.map { (diagnostic, $0.line) }
        }
    }

    /// The files of one kind, sorted by path.
    func files(_ kinds: Set<ArtifactKind>) -> [Artifact] {
        files.values.filter { kinds.contains($0.kind) }.sorted { $0.path < $1.path }
    }
}
