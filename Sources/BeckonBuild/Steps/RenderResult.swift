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
