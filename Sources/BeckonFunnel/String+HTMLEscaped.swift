extension String {
    /// The text as HTML text or a quoted attribute value: `&`, `<`, `>`, `"` and `'` escaped, and
    /// the characters XML 1.0 forbids (C0 controls other than tab, line feed and carriage return;
    /// U+FFFE, U+FFFF) left out, so a page stays well-formed XML whatever a group is called.
    var htmlEscaped: String {
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
