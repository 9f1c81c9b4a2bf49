import BeckonDiagnostics
import BeckonEngine
import BeckonRender

/// What one render step produced: its files, their fingerprints (taken once, when they are made,
/// to key their checks) and findings. Written to the on-disk cache as is.
struct RenderResult: Sendable, Codable {
    var artifacts: [Artifact]
    var fingerprints: [Fingerprint]
    var diagnostics: [Diagnostic]

    init(_ artifacts: [Artifact], _ diagnostics: [Diagnostic]) {
        self.artifacts = artifacts
        self.fingerprints = artifacts.map(\.fingerprint)
        self.diagnostics = diagnostics
    }

    private init(artifacts: [Artifact], fingerprints: [Fingerprint], diagnostics: [Diagnostic]) {
        self.artifacts = artifacts
        self.fingerprints = fingerprints
        self.diagnostics = diagnostics
    }

    /// Many results as one.
    static func merged(_ results: [RenderResult]) -> RenderResult {
        RenderResult(
            artifacts: results.flatMap(\.artifacts), fingerprints: results.flatMap(\.fingerprints),
            diagnostics: results.flatMap(\.diagnostics))
    }
}
