import BeckonDiagnostics
import BeckonEngine
import BeckonRecords
import BeckonRender

/// What one render step produced: its files, their fingerprints (taken once, when they are made,
/// to key their checks) and findings. Written to the on-disk cache as is, in the binary record form.
struct RenderResult: Sendable, Codable, RecordCodable {
    var artifacts: [Artifact]
    var fingerprints: [Fingerprint]
    var diagnostics: [Diagnostic]

    /// - Parameter forOneRun: Fingerprint the files only as far as telling them apart within
    ///   the run needs (`Artifact.runFingerprint`): for an engine that keeps no result past the run.
    init(_ artifacts: [Artifact], _ diagnostics: [Diagnostic], forOneRun: Bool = false) {
        self.artifacts = artifacts
        self.fingerprints = artifacts.map { forOneRun ? $0.runFingerprint : $0.fingerprint }
        self.diagnostics = diagnostics
    }

    private init(artifacts: [Artifact], fingerprints: [Fingerprint], diagnostics: [Diagnostic]) {
        self.artifacts = artifacts
        self.fingerprints = fingerprints
        self.diagnostics = diagnostics
    }

    func write(to writer: inout RecordWriter) {
        writer.write(artifacts)
        writer.write(fingerprints)
        writer.write(diagnostics)
    }

    init(from reader: inout RecordReader) throws(RecordError) {
        self.init(
            artifacts: try reader.read([Artifact].self), fingerprints: try reader.read([Fingerprint].self),
            diagnostics: try reader.read([Diagnostic].self))
        guard artifacts.count == fingerprints.count else { throw RecordError.malformed("a fingerprint is missing") }
    }

    /// Many results as one.
    static func merged(_ results: [RenderResult]) -> RenderResult {
        RenderResult(
            artifacts: results.flatMap(\.artifacts), fingerprints: results.flatMap(\.fingerprints),
            diagnostics: results.flatMap(\.diagnostics))
    }
}
