/// Writes a string as a YAML scalar, in the style the old value used when the new text allows it,
/// and double-quoted (which can hold any text) otherwise.
enum YAMLScalarWriter {
    enum Style: Sendable, Hashable {
        case plain
        case singleQuoted
        case doubleQuoted
        /// `|-`; also used where a folded `>` scalar was, since folding would change the text.
        case literal
    }

    /// The style of the scalar that starts with `first`.
    static func style(startingWith first: Unicode.Scalar?) -> Style {
        switch first {
        case "\"": .doubleQuoted
        case "'": .singleQuoted
        case "|", ">": .literal
        default: .plain
        }
    }

    /// The scalar text.
    /// - Parameters:
    ///   - text: The string.
    ///   - style: The preferred style.
    ///   - inFlow: Whether the scalar sits inside `{…}`.
    ///   - indent: The indentation of a literal block's lines.
    ///   - lineBreak: The break between a literal block's lines.
    static func render(_ text: String, style: Style, inFlow: Bool, indent: Int, lineBreak: String) -> String {
        switch style {
        case .plain where isPlainSafe(text, inFlow: inFlow):
            return text
        case .singleQuoted where text.unicodeScalars.allSatisfy({ isPrintable($0) && !isBreak($0) }):
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .literal where !inFlow && isLiteralSafe(text):
            let margin = String(repeating: " ", count: indent)
            return "|-"
                + text.split(separator: "\n", omittingEmptySubsequences: false).map {
                    lineBreak + ($0.isEmpty ? "" : margin + $0)
                }.joined()
        default:
            return doubleQuoted(text)
        }
    }

    /// A double-quoted scalar; every character YAML does not print is escaped.
    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                if isPrintable(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFF {
                    out += "\\x" + hex(scalar.value, digits: 2)
                } else if scalar.value <= 0xFFFF {
                    out += "\\u" + hex(scalar.value, digits: 4)
                } else {
                    out += "\\U" + hex(scalar.value, digits: 8)
                }
            }
        }
        return out + "\""
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Whether YAML lets a character appear unescaped (the `c-printable` set, without U+FEFF).
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0x10000...0x10FFFF: true
        case 0xE000...0xFFFD: scalar.value != 0xFEFF
        default: false
        }
    }

    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// Whether the text reads back unchanged, and as a string, as a plain scalar after `key: `: no
    /// reader may take it for a number, a boolean, null or a date (`YAMLTypedScalar`).
    static func isPlainSafe(_ text: String, inFlow: Bool) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return false }
        guard scalars.allSatisfy({ isPrintable($0) && !isBreak($0) && $0 != "\t" }) else { return false }
        guard first != " ", last != " ", last != ":", !"-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) else {
            return false
        }
        guard !YAMLTypedScalar.isTyped(text), !text.contains(": "), !text.contains(" #") else {
            return false
        }
        return !inFlow || !scalars.contains { ",[]{}:".unicodeScalars.contains($0) }
    }

    /// Whether the text reads back unchanged as a `|-` block: printable, no carriage returns or
    /// Unicode line breaks, a first line that does not start with white space, no white-space-only
    /// lines, and no final line break.
    static func isLiteralSafe(_ text: String) -> Bool {
        guard text.unicodeScalars.allSatisfy({ isPrintable($0) && ($0 == "\n" || !isBreak($0)) }) else { return false }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, let last = lines.last, !first.isEmpty, !last.isEmpty else { return false }
        guard first.first != " ", first.first != "\t" else { return false }
        return lines.allSatisfy { $0.isEmpty || !$0.allSatisfy { $0 == " " || $0 == "\t" } }
    }
}
