/// Makes a page's root-relative URLs (`/assets/logo.svg`) absolute to an origin
/// (`https://join.playa.app`), for a page that leaves its site: `beckon render` writes one
/// invite's page into a folder of its own, where `/en-US/android/` would point at nothing.
///
/// Rewritten are the URL attributes (`href`, `src`, `action`, `poster`, `cite`, `formaction`,
/// `data`, `xlink:href`), each `srcset` candidate, each URL of a `ping` list, and `url(/…)` in
/// `style` attributes and elements; a protocol-relative `//host/…`, a relative, absolute or
/// fragment URL, comments, and the text of `script` elements are left as they are. Every other
/// byte is kept.
public enum AbsoluteLinks {
    /// The page with its root-relative URLs made absolute to `origin` (no trailing slash).
    public static func absolutized(_ html: [UInt8], origin: String) -> [UInt8] {
        var rewriter = Rewriter(html: html, origin: Array(origin.utf8))
        rewriter.run()
        return rewriter.output
    }

    static let urlAttributes: Set<[UInt8]> = Set(
        ["href", "src", "action", "poster", "cite", "formaction", "data", "xlink:href"].map { Array($0.utf8) })

    private struct Rewriter {
        let html: [UInt8]
        let origin: [UInt8]
        var output: [UInt8] = []
        var index = 0

        init(html: [UInt8], origin: [UInt8]) {
            self.html = html
            self.origin = origin
            output.reserveCapacity(html.count + 256)
        }

        mutating func run() {
            while index < html.count {
                let byte = html[index]
                guard byte == UInt8(ascii: "<"), index + 1 < html.count else {
                    output.append(byte)
                    index += 1
                    continue
                }
                if starts(with: "<!--", at: index) {
                    copy(through: find("-->", from: index + 4).map { $0 + 3 } ?? html.count)
                } else if isLetter(html[index + 1]) {
                    tag()
                } else {
                    output.append(byte)
                    index += 1
                }
            }
        }

        /// A start tag: its name, its attributes (rewritten), and for `script` and `style` the
        /// raw text up to the end tag.
        mutating func tag() {
            let nameStart = index + 1
            var end = nameStart
            while end < html.count, !isSpace(html[end]), html[end] != UInt8(ascii: ">"), html[end] != UInt8(ascii: "/")
            {
                end += 1
            }
            let name = lowercased(html[nameStart..<end])
            copy(through: end)
            attributes()
            if name == Array("script".utf8) {
                copy(through: find("</script", from: index, caseInsensitive: true) ?? html.count)
            } else if name == Array("style".utf8) {
                let close = find("</style", from: index, caseInsensitive: true) ?? html.count
                output += cssURLs(html[index..<close])
                index = close
            }
        }

        /// Attributes up to and including the tag's `>`.
        mutating func attributes() {
            while index < html.count {
                let byte = html[index]
                if byte == UInt8(ascii: ">") {
                    output.append(byte)
                    index += 1
                    return
                }
                guard !isSpace(byte), byte != UInt8(ascii: "/") else {
                    output.append(byte)
                    index += 1
                    continue
                }
                var nameEnd = index
                while nameEnd < html.count, !isSpace(html[nameEnd]),
                    ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(html[nameEnd])
                {
                    nameEnd += 1
                }
                let name = lowercased(html[index..<nameEnd])
                copy(through: nameEnd)
                // `=`, with any spaces around it, then the value.
                var probe = index
                while probe < html.count, isSpace(html[probe]) { probe += 1 }
                guard probe < html.count, html[probe] == UInt8(ascii: "=") else { continue }
                probe += 1
                while probe < html.count, isSpace(html[probe]) { probe += 1 }
                copy(through: probe)
                var quote: UInt8?
                if index < html.count, html[index] == UInt8(ascii: "\"") || html[index] == UInt8(ascii: "'") {
                    quote = html[index]
                    output.append(html[index])
                    index += 1
                }
                var valueEnd = index
                while valueEnd < html.count {
                    let byte = html[valueEnd]
                    if let quote {
                        if byte == quote { break }
                    } else if isSpace(byte) || byte == UInt8(ascii: ">") {
                        break
                    }
                    valueEnd += 1
                }
                let value = html[index..<valueEnd]
                if AbsoluteLinks.urlAttributes.contains(name) {
                    if isRootRelative(value) { output += origin }
                    output += value
                } else if name == Array("srcset".utf8) {
                    output += srcset(value)
                } else if name == Array("ping".utf8) {
                    output += ping(value)
                } else if name == Array("style".utf8) {
                    output += cssURLs(value)
                } else {
                    output += value
                }
                index = valueEnd
                if quote != nil, index < html.count {
                    output.append(html[index])
                    index += 1
                }
            }
        }

        /// Each candidate's URL (the text after the start or a comma and spaces) made absolute.
        func srcset(_ value: ArraySlice<UInt8>) -> [UInt8] {
            var result: [UInt8] = []
            var atCandidate = true
            var position = value.startIndex
            while position < value.endIndex {
                let byte = value[position]
                if atCandidate, !isSpace(byte) {
                    if isRootRelative(value[position...]) { result += origin }
                    atCandidate = false
                }
                if byte == UInt8(ascii: ",") { atCandidate = true }
                result.append(byte)
                position += 1
            }
            return result
        }

        /// Each URL of a space-separated list (`ping`) made absolute.
        func ping(_ value: ArraySlice<UInt8>) -> [UInt8] {
            var result: [UInt8] = []
            var atURL = true
            for position in value.indices {
                let byte = value[position]
                if isSpace(byte) {
                    atURL = true
                } else if atURL {
                    if isRootRelative(value[position...]) { result += origin }
                    atURL = false
                }
                result.append(byte)
            }
            return result
        }

        /// `url(/…)`, `url("/…")` and `url('/…')` made absolute.
        func cssURLs(_ text: ArraySlice<UInt8>) -> [UInt8] {
            var result: [UInt8] = []
            var position = text.startIndex
            let marker = Array("url(".utf8)
            while position < text.endIndex {
                if text[position...].starts(with: marker) {
                    result += marker
                    position += marker.count
                    while position < text.endIndex, isSpace(text[position]) {
                        result.append(text[position])
                        position += 1
                    }
                    if position < text.endIndex,
                        text[position] == UInt8(ascii: "\"") || text[position] == UInt8(ascii: "'")
                    {
                        result.append(text[position])
                        position += 1
                    }
                    if isRootRelative(text[position...]) { result += origin }
                    continue
                }
                result.append(text[position])
                position += 1
            }
            return result
        }

        func isRootRelative(_ value: ArraySlice<UInt8>) -> Bool {
            guard let first = value.first, first == UInt8(ascii: "/") else { return false }
            let second = value.dropFirst().first
            return second != UInt8(ascii: "/") && second != UInt8(ascii: "\\")
        }

        mutating func copy(through end: Int) {
            let end = min(end, html.count)
            guard end > index else { return }
            output += html[index..<end]
            index = end
        }

        func starts(with text: String, at position: Int) -> Bool {
            html[position...].starts(with: text.utf8)
        }

        func find(_ text: String, from start: Int, caseInsensitive: Bool = false) -> Int? {
            let needle = Array(text.utf8)
            guard start <= html.count - needle.count else { return nil }
            for position in start...(html.count - needle.count) {
                var matched = true
                for offset in 0..<needle.count {
                    let byte = caseInsensitive ? lower(html[position + offset]) : html[position + offset]
                    if byte != needle[offset] {
                        matched = false
                        break
                    }
                }
                if matched { return position }
            }
            return nil
        }

        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
        func lowercased(_ bytes: ArraySlice<UInt8>) -> [UInt8] { bytes.map(lower) }
    }
}
