import BeckonProvenance
import BeckonText

/// Marks where Japanese text may wrap: a `<wbr>` between phrases in the text of a page's or an
/// email's body, so that a layout setting `word-break: keep-all` for `:lang(ja)` wraps between phrases
/// (「さくらさんが|あなたを|招待しました」) instead of between any two characters, and no line
/// is left with one kana. Browsers without phrase-aware breaking get it from the markup alone.
///
/// Works on the page as rendered, origin marks included, so provenance stays exact: tags, the
/// contents of `<script>`, `<style>`, an inline SVG's `<title>` (an accessible name, never wrapped;
/// a `<wbr>` there would be an SVG element) and everything before `<body>` are left as they are, character
/// references are never split, and a `<wbr>` goes only between two characters that are not spaces.
public enum PhraseBreakMarkup {
    /// Text runs already marked, by their bytes: what a compiled email knows of its fixed text.
    public typealias KnownRuns = [[UInt8]: [UInt8]]

    /// The page with break opportunities marked, for a locale that breaks by phrase; the page as it
    /// was for any other.
    /// - Parameters:
    ///   - known: Runs marked before, taken from here instead of marked again (a run's marks
    ///     depend on its bytes alone).
    ///   - learn: Told each run that holds CJK text and how it was marked.
    public static func marked(
        _ html: String, locale: String, known: KnownRuns = [:],
        learn: ((_ run: [UInt8], _ marked: [UInt8]) -> Void)? = nil
    ) -> String {
        guard LineBreaks.breaksByPhrase(locale) else { return html }
        var page = html
        let breaks = LineBreaks(locale: locale)
        // Tags and the ends of `<script>` and `<style>` are ASCII, and no byte of a multi-byte
        // character is: the page is read as UTF-8 bytes, and only its text runs become strings.
        let result: String? = page.withUTF8 { bytes in
            guard let body = bodyStart(html, bytes) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 16)
            out += bytes[..<body]
            var index = body
            var runStart = index
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index += 1
                    continue
                }
                appendMarked(bytes[runStart..<index], breaks, known, learn, to: &out)
                // The tag, up to its `>`; an unclosed tag runs to the end of the page.
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                    out += bytes[index...]
                    return String(decoding: out, as: UTF8.self)
                }
                let tag = bytes[index...close]
                out += tag
                index = close + 1
                runStart = index
                guard let rawText = rawTextElement(tag) else { continue }
                // Inside <script>, <style> or <title>: copied as it is, up to its end tag.
                let end = Array("</\(rawText)".utf8)
                guard let endTag = bytes.firstIndex(ofBytes: end, from: index, ignoringCase: true) else {
                    out += bytes[index...]
                    return String(decoding: out, as: UTF8.self)
                }
                out += bytes[index..<endTag]
                index = endTag
                runStart = endTag
                // The end tag is read as a tag: `<` starts one.
            }
            appendMarked(bytes[runStart..<bytes.count], breaks, known, learn, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        return result ?? html
    }

    /// Where `<body` starts: found in the bytes, and where a character outside ASCII touches it
    /// (it could join `<` or `y`), found as characters. An origin mark touching it joins nothing:
    /// marks are characters of plane 16 (four bytes led by `F4`), none of which joins a neighbour.
    private static func bodyStart(_ html: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let found = bytes.firstIndex(ofBytes: Array("<body".utf8)) else { return nil }
        let after = found + 5
        let touchesBefore = found > 0 && bytes[found - 1] >= 0x80 && !(found >= 4 && bytes[found - 4] == 0xF4)
        let touchesAfter = after < bytes.count && bytes[after] >= 0x80 && bytes[after] != 0xF4
        guard touchesBefore || touchesAfter else { return found }
        return html.range(of: "<body").map { html.utf8.distance(from: html.startIndex, to: $0.lowerBound) }
    }

    /// `script`, `style` or `title` when the tag opens one of them (its name is the letters after `<`).
    private static func rawTextElement(_ tag: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        let name = tag.dropFirst().prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        // A character outside ASCII next to the name could join `<` or make the name longer: the
        // name is then read as characters.
        let touchesNonASCII =
            (tag.count > 1 && tag[tag.startIndex + 1] >= 0x80)
            || (name.endIndex < tag.endIndex && tag[name.endIndex] >= 0x80)
        let lowered =
            touchesNonASCII
            ? String(decoding: tag, as: UTF8.self).dropFirst().prefix { $0.isLetter }.lowercased()
            : String(decoding: name.map { $0 | 0x20 }, as: UTF8.self)
        return ["script", "style", "title"].contains(lowered) ? lowered : nil
    }

    /// Appends a run of text, with breaks when it holds Han, kana or CJK punctuation (all of it
    /// three-byte UTF-8 led by `E3`–`EF`).
    private static func appendMarked(
        _ run: Slice<UnsafeBufferPointer<UInt8>>, _ breaks: LineBreaks, _ known: KnownRuns,
        _ learn: ((_ run: [UInt8], _ marked: [UInt8]) -> Void)?, to out: inout [UInt8]
    ) {
        guard run.contains(where: { (0xE3...0xEF).contains($0) }) else {
            out += run
            return
        }
        guard !known.isEmpty || learn != nil else {
            out += withBreaks(run, breaks)
            return
        }
        let bytes = Array(run)
        if let marked = known[bytes] {
            out += marked
            return
        }
        let marked = withBreaks(run, breaks)
        learn?(bytes, marked)
        out += marked
    }

    /// Unicode's `White_Space` property, from its 25 scalars: asked for every scalar of a run, where
    /// the general property lookup costs more than the rest of the scan.
    public static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// One text run (valid UTF-8, origin marks allowed) with `<wbr>` at its phrase boundaries.
    static func withBreaks(_ run: some Collection<UInt8>, _ breaks: LineBreaks) -> [UInt8] {
        let bytes = Array(run)
        // The run's scalars without origin marks, where each starts in the run, and its UTF-16
        // (what ICU reads) with the scalar each unit belongs to.
        var scalars: [Unicode.Scalar] = []
        var starts: [Int] = []
        var units: [UInt16] = []
        var scalarAtUTF16: [Int?] = []
        scalars.reserveCapacity(bytes.count)
        starts.reserveCapacity(bytes.count)
        units.reserveCapacity(bytes.count)
        scalarAtUTF16.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
            if !OriginMarks.isReserved(scalar) {
                scalarAtUTF16.append(scalars.count)
                if scalar.value > 0xFFFF { scalarAtUTF16.append(nil) }
                units += scalar.utf16
                scalars.append(scalar)
                starts.append(index)
            }
            index += length
        }
        guard scalars.contains(where: isPhraseScript) else { return bytes }
        // Character references (`&amp;`, `&#12354;`) are never split.
        var inReference = [Bool](repeating: false, count: scalars.count)
        var open: Int?
        for (offset, scalar) in scalars.enumerated() {
            if scalar == "&" { open = offset }
            if scalar == ";", let start = open {
                for inner in (start + 1)...offset { inReference[inner] = true }
                open = nil
            }
            if isWhiteSpace(scalar) { open = nil }
        }
        var insertions: [Int] = []
        for offset in breaks.offsets(inUTF16: units) {
            guard offset >= 0, offset < scalarAtUTF16.count, let position = scalarAtUTF16[offset], position > 0,
                !inReference[position]
            else { continue }
            let before = scalars[position - 1]
            let after = scalars[position]
            guard !isWhiteSpace(before), !isWhiteSpace(after),
                isPhraseScript(before) || isPhraseScript(after)
            else { continue }
            insertions.append(starts[position])
        }
        guard !insertions.isEmpty else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + insertions.count * 5)
        var start = 0
        for insertion in insertions {
            out += bytes[start..<insertion]
            out += "<wbr>".utf8
            start = insertion
        }
        return out + bytes[start...]
    }

    /// Han, kana and the CJK punctuation around them.
    static func isPhraseScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF: true
        default: false
        }
    }
}
