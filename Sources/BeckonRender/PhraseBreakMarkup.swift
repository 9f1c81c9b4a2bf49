import BeckonProvenance
import BeckonText

/// Marks where Japanese text may wrap: a `<wbr>` between phrases in the text of a page's or an
/// email's body, so that a layout setting `word-break: keep-all` for `:lang(ja)` wraps between phrases
/// (「さくらさんが|あなたを|招待しました」) instead of between any two characters, and no line
/// is left with one kana. Browsers without phrase-aware breaking get it from the markup alone.
///
/// Works on the page as rendered, origin marks included, so provenance stays exact: tags, the
/// contents of `<script>`, `<style>` and everything before `<body>` are left as they are, character
/// references are never split, and a `<wbr>` goes only between two characters that are not spaces.
public enum PhraseBreakMarkup {
    /// The page with break opportunities marked, for a locale that breaks by phrase; the page as it
    /// was for any other.
    public static func marked(_ html: String, locale: String) -> String {
        guard LineBreaks.breaksByPhrase(locale), let body = html.range(of: "<body") else { return html }
        let breaks = LineBreaks(locale: locale)
        var out = String(html[..<body.lowerBound])
        var run = String.UnicodeScalarView()
        var scalars = html[body.lowerBound...].unicodeScalars.makeIterator()
        var tag = ""
        var inTag = false
        var rawTextEnd: String?
        var tail = ""
        while let scalar = scalars.next() {
            if let end = rawTextEnd {
                // Inside <script> or <style>: copied as it is, up to its end tag.
                run.append(scalar)
                tail.unicodeScalars.append(scalar)
                if tail.unicodeScalars.count > end.unicodeScalars.count { tail.unicodeScalars.removeFirst() }
                if tail.lowercased() == end {
                    let text = String(run)
                    out += String(text.unicodeScalars.dropLast(end.unicodeScalars.count))
                    tag = tail
                    inTag = true
                    rawTextEnd = nil
                    run = String.UnicodeScalarView()
                    tail = ""
                }
                continue
            }
            if inTag {
                tag.unicodeScalars.append(scalar)
                if scalar == ">" {
                    inTag = false
                    out += tag
                    let name = tag.dropFirst().prefix { $0.isLetter }.lowercased()
                    if name == "script" || name == "style" { rawTextEnd = "</\(name)" }
                    tag = ""
                }
                continue
            }
            if scalar == "<" {
                out += withBreaks(String(run), breaks)
                run = String.UnicodeScalarView()
                inTag = true
                tag = "<"
                continue
            }
            run.append(scalar)
        }
        out += rawTextEnd == nil ? withBreaks(String(run), breaks) : String(run)
        return out + tag
    }

    /// One text run with `<wbr>` at its phrase boundaries.
    static func withBreaks(_ run: String, _ breaks: LineBreaks) -> String {
        // The run without origin marks, and where each of its characters is in the run.
        var clean = String.UnicodeScalarView()
        var positions: [String.UnicodeScalarView.Index] = []
        var index = run.unicodeScalars.startIndex
        while index < run.unicodeScalars.endIndex {
            let scalar = run.unicodeScalars[index]
            if !OriginMarks.isReserved(scalar) {
                clean.append(scalar)
                positions.append(index)
            }
            index = run.unicodeScalars.index(after: index)
        }
        let cleanScalars = Array(clean)
        guard cleanScalars.contains(where: isPhraseScript) else { return run }
        // Character references (`&amp;`, `&#12354;`) are never split.
        var inReference = [Bool](repeating: false, count: cleanScalars.count)
        var open: Int?
        for (offset, scalar) in cleanScalars.enumerated() {
            if scalar == "&" { open = offset }
            if scalar == ";", let start = open {
                for inner in (start + 1)...offset { inReference[inner] = true }
                open = nil
            }
            if scalar.properties.isWhitespace { open = nil }
        }
        // ICU reports UTF-16 offsets; turn them into character positions.
        var scalarAtUTF16: [Int: Int] = [:]
        var utf16 = 0
        for (offset, scalar) in cleanScalars.enumerated() {
            scalarAtUTF16[utf16] = offset
            utf16 += scalar.utf16.count
        }
        var insertions: [String.UnicodeScalarView.Index] = []
        for offset in breaks.offsets(in: String(clean)) {
            guard let position = scalarAtUTF16[offset], position > 0, !inReference[position] else { continue }
            let before = cleanScalars[position - 1]
            let after = cleanScalars[position]
            guard !before.properties.isWhitespace, !after.properties.isWhitespace,
                isPhraseScript(before) || isPhraseScript(after)
            else { continue }
            insertions.append(positions[position])
        }
        guard !insertions.isEmpty else { return run }
        var out = ""
        var start = run.unicodeScalars.startIndex
        for insertion in insertions {
            out += String(run.unicodeScalars[start..<insertion]) + "<wbr>"
            start = insertion
        }
        return out + String(run.unicodeScalars[start...])
    }

    /// Han, kana and the CJK punctuation around them.
    static func isPhraseScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF: true
        default: false
        }
    }
}
