import BeckonDiagnostics
import BeckonProvenance

/// Puts a base origin mark at the start of every line of a layout that prints something, so the
/// bytes a layout writes itself are traced to their line.
///
/// Lines that Mustache treats as standalone (a lone section, close, comment, partial or block tag)
/// are left alone: a mark would stop them being standalone and change the output. Lines that start
/// inside a tag are left alone too.
enum LayoutMarks {
    static func marked(_ source: SourceText) -> String {
        let tags = MustacheTagScanner.scan(source.text)
        guard !tags.contains(where: { $0.kind == .delimiters }) else { return source.text }
        let bytes = Array(source.text.utf8)
        var tagIndex = 0
        var out = ""
        out.reserveCapacity(bytes.count * 2)
        var lineStart = 0
        var lineNumber = 1
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let next = min(bytes.count, lineEnd + 1)
            // Tags that start on this line, and whether the line starts inside an earlier tag.
            var lineTags: [MustacheTag] = []
            var startsInsideTag = false
            while tagIndex < tags.count, tags[tagIndex].offset < lineStart {
                if tags[tagIndex].end > lineStart { startsInsideTag = true }
                tagIndex += 1
            }
            var scan = tagIndex
            while scan < tags.count, tags[scan].offset < lineEnd {
                lineTags.append(tags[scan])
                scan += 1
            }
            let line = bytes[lineStart..<next]
            if !startsInsideTag, !isBlank(line), !isStandalone(line, lineStart: lineStart, tags: lineTags) {
                out += OriginMarks.base(Origin(.layout, at: SourceLocation(file: source.path, line: lineNumber)))
            }
            out += String(decoding: line, as: UTF8.self)
            lineStart = next
            lineNumber += 1
        }
        return out
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// One non-printing tag and nothing but whitespace around it.
    private static func isStandalone(_ line: ArraySlice<UInt8>, lineStart: Int, tags: [MustacheTag]) -> Bool {
        guard tags.count == 1, let tag = tags.first else { return false }
        switch tag.kind {
        case .variable, .unescaped: return false
        default: break
        }
        let before = line[line.startIndex..<(lineStart + (tag.offset - lineStart))]
        let after = line[min(line.endIndex, tag.end)..<line.endIndex]
        return isBlank(before) && isBlank(after)
    }
}
