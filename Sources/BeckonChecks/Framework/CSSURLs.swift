import BeckonRender

/// The URLs a style sheet loads: each `url(…)` (quoted or not) and each `@import "…"`, outside
/// comments, with the number of line breaks before it (so a finding lands on its own line).
enum CSSURLs {
    /// The URLs of style sheets read so far, by their bytes: every page of a site (and every
    /// invite's own page) carries the same theme in its `<style>`, read once instead of per page.
    private static let sheets = TextMemo<[Found]>(limit: 10_000)

    /// One URL of a style sheet.
    struct Found: Equatable, Sendable {
        /// The URL as written, without its quotes and surrounding spaces.
        var url: String
        /// `url()` or `@import`.
        var kind: String
        /// Line breaks before the URL in the style sheet.
        var lineOffset: Int
    }

    /// The URLs of `css`, in order.
    static func urls(in css: String) -> [Found] {
        sheets.value(for: css) { scan(css) }
    }

    /// The URLs of `css`, in order, read scalar by scalar.
    private static func scan(_ css: String) -> [Found] {
        let scalars = Array(css.unicodeScalars)
        var found: [Found] = []
        var lines = 0
        var index = 0
        /// Whether `word` (lower-case ASCII) is written at `position`, in any case: CSS keywords
        /// are ASCII case-insensitive. Asked at every scalar, so it allocates nothing.
        func matches(_ word: [UInt8], at position: Int) -> Bool {
            guard position + word.count <= scalars.count else { return false }
            for (offset, byte) in word.enumerated() {
                let value = scalars[position + offset].value
                if (value >= 0x41 && value <= 0x5A ? value + 0x20 : value) != UInt32(byte) { return false }
            }
            return true
        }
        func skipSpaces(_ position: inout Int) {
            while position < scalars.count, scalars[position].properties.isWhitespace {
                if scalars[position] == "\n" { lines += 1 }
                position += 1
            }
        }
        /// A quoted string starting at `position` (at its quote); moves past it.
        func quoted(_ position: inout Int) -> String {
            let quote = scalars[position]
            position += 1
            var text = String.UnicodeScalarView()
            while position < scalars.count, scalars[position] != quote, scalars[position] != "\n" {
                if scalars[position] == "\\", position + 1 < scalars.count {
                    position += 1
                }
                text.append(scalars[position])
                position += 1
            }
            position += 1
            return String(text)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                lines += 1
                index += 1
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index < scalars.count,
                    !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/")
                {
                    if scalars[index] == "\n" { lines += 1 }
                    index += 1
                }
                index += 2
            } else if scalar == "\"" || scalar == "'" {
                // A string elsewhere (a `content:` value) holds no URL.
                _ = quoted(&index)
            } else if matches(Self.url, at: index), index == 0 || !isNameScalar(scalars[index - 1]) {
                index += 4
                skipSpaces(&index)
                let line = lines
                var url: String
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    url = quoted(&index)
                } else {
                    var text = String.UnicodeScalarView()
                    while index < scalars.count, scalars[index] != ")" {
                        text.append(scalars[index])
                        index += 1
                    }
                    url = String(text)
                    while url.last?.isWhitespace == true { url.removeLast() }
                }
                found.append(Found(url: url, kind: "url()", lineOffset: line))
            } else if matches(Self.atImport, at: index) {
                index += 7
                skipSpaces(&index)
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    let line = lines
                    found.append(Found(url: quoted(&index), kind: "@import", lineOffset: line))
                }
                // `@import url(…)` is found as a `url(…)`.
            } else {
                index += 1
            }
        }
        return found
    }

    private static let url = Array("url(".utf8)
    private static let atImport = Array("@import".utf8)

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}
