/// The characters a one-line value that reaches headers, titles and messages may not hold: line
/// breaks and other control characters (a CR/LF in a name would end an email header or a `mailto:`
/// subject), line and paragraph separators, and the bidirectional embedding, override and isolate
/// controls (U+202A–U+202E, U+2066–U+2069), which could reorder the text around the value where
/// it is not isolated (a subject, a `<title>`, a text part).
public enum SingleLineText {
    /// Why `text` cannot be a one-line value, or `nil` when it can.
    public static func problem(in text: String) -> String? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D: return "a line break"
            case 0x2028, 0x2029: return "a line or paragraph separator"
            case 0x202A...0x202E, 0x2066...0x2069: return "a bidirectional control character (U+\(hex(scalar)))"
            default:
                if scalar.properties.generalCategory == .control { return "a control character (U+\(hex(scalar)))" }
            }
        }
        return nil
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
