import BeckonDiagnostics
import BeckonProvenance
import BeckonRender

/// Places a finding on rendered output at the source that produced the offending bytes: the
/// template line, locale string or setting its provenance map names. Only when the bytes have no
/// origin does the finding stay at the output file itself.
enum FindingPlacement {
    /// Where a finding about `needle` (a URL, an attribute value) on output line `line` belongs.
    static func location(in artifact: Artifact, line: Int, needle: String?) -> SourceLocation {
        if artifact.kind == .document { return SourceLocation(file: artifact.path, line: line) }
        guard let provenance = artifact.provenance, !provenance.isEmpty else {
            return artifact.origin ?? SourceLocation(file: artifact.path, line: line)
        }
        let offset = Self.offset(in: artifact.bytes, line: line, needle: needle)
        return provenance.origin(at: offset)?.location ?? artifact.origin
            ?? SourceLocation(file: artifact.path, line: line)
    }

    /// The byte offset of `needle` on a 1-based line (as written, or HTML-escaped as an attribute
    /// value), or of the line's first non-blank byte.
    static func offset(in bytes: [UInt8], line: Int, needle: String?) -> Int {
        var start = 0
        var current = 1
        while current < line, let newline = bytes[start...].firstIndex(of: 0x0A) {
            start = newline + 1
            current += 1
        }
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        if let needle, !needle.isEmpty {
            for form in Set([needle, HTMLEscaping.attribute(needle), HTMLEscaping.text(needle)]) {
                if let found = find(Array(form.utf8), in: bytes, from: start, to: end) { return found }
            }
        }
        return bytes[start..<end].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? start
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        guard !needle.isEmpty, end - start >= needle.count else { return nil }
        var index = start
        while index + needle.count <= end {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
