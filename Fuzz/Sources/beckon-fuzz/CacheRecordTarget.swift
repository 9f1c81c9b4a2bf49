import BeckonDiagnostics
import BeckonProvenance
import BeckonRecords
import BeckonRender

/// `cache-record`: the value part of a step cache record, as `beckon build --cache` reads it back
/// (a damaged or hand-made cache folder).
///
/// Reads the input as a list of artifacts (the files a render step made), as a list of findings
/// (a check step's result), and as a provenance map in its cache form. What reads back is written
/// again and must read back equal; an artifact's provenance map is decoded, as a finding's
/// location would, and the findings are printed in every format.
enum CacheRecordTarget {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let input = Array(bytes)
        var artifactsReader = RecordReader(input)
        if let artifacts = try? artifactsReader.read([Artifact].self) {
            Trace.note("\(artifacts.count) artifacts")
            for artifact in artifacts { _ = (artifact.provenance, artifact.provenanceKeys(ofKind: .string)) }
            roundTrip(artifacts)
        }
        var findingsReader = RecordReader(input)
        if let findings = try? findingsReader.read([Diagnostic].self) {
            Trace.note("\(findings.count) findings")
            roundTrip(findings)
            DiagnosticsOutput.render(findings, sources: [])
        }
        if let map = ProvenanceMap(cacheForm: input) {
            Trace.note("a provenance map of \(map.spans.count) spans")
            Invariant.expect(ProvenanceMap(cacheForm: map.cacheForm()) == map, "a provenance map does not read back")
            Invariant.expect(
                ProvenanceMap.keys(ofKind: .string, encoded: input) == map.keys(ofKind: .string),
                "the string keys read from the bytes are not the map's")
        }
    }

    /// Writes `value` and reads it back: equal, with nothing left over.
    static func roundTrip<Value: RecordCodable & Equatable>(_ value: Value) {
        var writer = RecordWriter()
        writer.write(value)
        var reader = RecordReader(writer.bytes)
        let again = try? reader.read(Value.self)
        Invariant.expect(again == value && reader.isAtEnd, "a value written again does not read back equal")
    }
}
