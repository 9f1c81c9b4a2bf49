/// Escaping for the two HTML contexts Beckon writes values into.
public enum HTMLEscaping {
    /// Escapes text for element content: `&`, `<`, `>`.
    public static func text(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// Escapes text for a double- or single-quoted attribute value: also `"` and `'`.
    public static func attribute(_ value: String) -> String {
        escape(value, quotes: true)
    }

    private static func escape(_ value: String, quotes: Bool) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
