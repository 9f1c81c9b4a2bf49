/// What every host's grammar shares about names: which characters none can hold, and which
/// need no quoting anywhere.
enum ServingName {
    /// The first control character (a newline, a tab, NUL, a C1 control) in `text`: no rule file
    /// holds one safely, and no host serves a name with one as it is named.
    static func controlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.properties.generalCategory == .control }
    }

    /// "U+000A", for messages.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` with each control character written as its code point in braces (`a{U+000A}b`),
    /// so a message about it stays on one line.
    static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out += "{\(codePoint(scalar))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The longest folder of `path` (a site path) whose name holds no control character:
    /// `static/fonts` for `static/fonts/a\nb.woff2`.
    static func printableFolder(of path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        while controlCharacter(in: parts.joined(separator: "/")) != nil { parts.removeLast() }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Whether `path` is ASCII letters, digits, `-`, `.`, `_`, `~` and `/` only: a URL path as
    /// written, and a literal in nginx, Caddy and Netlify rules, even where they expand `$` or
    /// `{…}` (a rewrite target).
    static func isPlain(_ path: String) -> Bool {
        path.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "-._~/".utf8.contains(byte)
            }
        }
    }

    /// Whether a content type can be written as it is into every host's rules: printable ASCII
    /// without quotes, backslashes, `$`, braces or backquotes (Beckon's own types all are).
    static func isSafeContentType(_ type: String) -> Bool {
        !type.isEmpty && type.utf8.allSatisfy { (0x20..<0x7F).contains($0) && !"\"\\${}`".utf8.contains($0) }
    }
}
