/// Escaping for values written into an inline `<script>`.
public enum ScriptEscaping {
    /// A JavaScript string literal (double-quoted) that holds `value` exactly and cannot end the
    /// script element: quotes, backslashes and controls are escaped, and so are `<` (no `</script>`
    /// or `<!--`), `>`, `&` and the line separators U+2028 and U+2029.
    public static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                result += unicodeEscape(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += unicodeEscape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
