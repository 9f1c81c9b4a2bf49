import BeckonDiagnostics
import BeckonProvenance
import BeckonRender

/// Places a finding on rendered output at the source that produced the offending bytes: the
/// template line, locale string or setting its provenance map names. Only when the bytes have no
/// origin does the finding stay at the output file itself.
enum FindingPlacement {
    /// Where a finding about `needle` (a URL, an attribute value) on output line `line` belongs.
    /// A linted file (`document`) is its own source: the finding is at `needle` on that line of it.
    static func location(in artifact: Artifact, line: Int, needle: String?) -> SourceLocation {
        // So is a style sheet a linted page loads: read as it is, with no provenance.
        if artifact.kind == .document || (artifact.contentType.hasPrefix("text/css") && artifact.provenance == nil) {
            let offset = Self.offset(in: artifact.bytes, line: line, needle: needle)
            let (foundLine, column) = position(in: artifact.bytes, at: offset)
            return SourceLocation(file: artifact.path, line: foundLine, column: column)
        }
        guard let provenance = artifact.provenance, !provenance.isEmpty else {
            return artifact.origin ?? SourceLocation(file: artifact.path, line: line)
        }
        let offset = Self.offset(in: artifact.bytes, line: line, needle: needle)
        return provenance.origin(at: offset)?.location ?? artifact.origin
            ?? SourceLocation(file: artifact.path, line: line)
    }

    /// The byte offset of `needle` on a 1-based line (as written, or HTML-escaped as an attribute
    /// value), or of the line's first non-blank byte. An element's line is where its start tag
    /// ends, so an attribute of a tag written over several lines is looked for on the lines before
    /// too (nearest first, up to `tagLines` of them).
    static func offset(in bytes: [UInt8], line: Int, needle: String?) -> Int {
        var start = 0
        var current = 1
        while current < line, let newline = bytes[start...].firstIndex(of: 0x0A) {
            start = newline + 1
            current += 1
        }
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        if let needle, !needle.isEmpty {
            let forms = Set([needle, HTMLEscaping.attribute(needle), HTMLEscaping.text(needle)]).map { Array($0.utf8) }
            var lineStart = start
            var lineEnd = end
            for _ in 0...tagLines {
                if let found = forms.lazy.compactMap({ find($0, in: bytes, from: lineStart, to: lineEnd) }).first {
                    return found
                }
                guard lineStart > 0 else { break }
                lineEnd = lineStart - 1
                lineStart = bytes[..<lineEnd].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            }
        }
        return bytes[start..<end].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? start
    }

    /// How many lines before an element's line its attributes are looked for.
    static let tagLines = 20

    /// The 1-based line and column (in characters) of a byte offset.
    static func position(in bytes: [UInt8], at offset: Int) -> (line: Int, column: Int) {
        let start = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<start].count { $0 == 0x0A } + 1
        return (line, String(decoding: bytes[start..<offset], as: UTF8.self).count + 1)
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
