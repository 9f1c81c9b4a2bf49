import BeckonDiagnostics
import BeckonRender

/// What one render step produced: its files and findings. Written to the on-disk cache as is.
struct RenderResult: Sendable, Codable {
    var artifacts: [Artifact]
    var diagnostics: [Diagnostic]

    init(_ artifacts: [Artifact], _ diagnostics: [Diagnostic]) {
        self.artifacts = artifacts
        self.diagnostics = diagnostics
    }

    /// Many results as one.
    static func merged(_ results: [RenderResult]) -> RenderResult {
        RenderResult(results.flatMap(\.artifacts), results.flatMap(\.diagnostics))
    }
}
