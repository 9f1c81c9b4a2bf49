import InviteModel

/// The rules a request's values are held to once decoded: opaque ids, and text a person wrote.
/// Each refusal is a 400 problem naming the field, which never repeats the value.
enum FieldRules {
    /// An opaque id (letters, digits, `-`, `_`, at most 64): what links and events may carry.
    static func identifier(_ text: String?, _ name: String) throws(APIProblem) -> String? {
        guard let text else { return nil }
        guard InviteLink.isOpaqueID(text) else {
            throw .badRequest("`\(name)` must be 1 to 64 letters, digits, `-` or `_`.", field: name)
        }
        return text
    }

    /// Text a person wrote (a first name, a title): at most `maximum` characters (and at most
    /// four code points and sixteen bytes a character on average, so one "character" of
    /// thousands of combining marks is refused too), with at least one visible character, and
    /// without line breaks, control characters or bidirectional controls, which could end a
    /// header, a subject line or reverse the text around it.
    static func text(_ text: String?, _ name: String, maximum: Int) throws(APIProblem) -> String? {
        guard let text else { return nil }
        guard text.utf8.count <= maximum * 16, text.unicodeScalars.count <= maximum * 4 else {
            throw .badRequest(
                "`\(name)` is \(text.utf8.count) bytes in \(text.unicodeScalars.count) code points; the most is \(maximum * 4) code points in \(maximum * 16) bytes.",
                field: name)
        }
        guard text.count <= maximum else {
            throw .badRequest("`\(name)` is \(text.count) characters; the most is \(maximum).", field: name)
        }
        guard text.unicodeScalars.contains(where: isVisible) else {
            throw .badRequest("`\(name)` must have a visible character.", field: name)
        }
        if let scalar = text.unicodeScalars.first(where: isForbidden) {
            throw .badRequest(
                "`\(name)` holds U+\(String(scalar.value, radix: 16, uppercase: true)), a control or bidirectional formatting character.",
                field: name)
        }
        return text
    }

    /// C0 and C1 controls, the bidirectional embedding, override, isolate and mark characters, and
    /// the private use characters of plane 16, which rendering reserves for its origin marks.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029,
            0x10_0000...0x10_FFFF:
            true
        default: false
        }
    }

    /// Whether a code point draws something: a letter, digit, punctuation mark or symbol, and not
    /// one of the letters and symbols that draw nothing (the Hangul fillers, the braille blank).
    /// Spaces, marks alone, format characters (a soft hyphen, a byte order mark, zero-width
    /// characters) and unassigned code points do not count.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0: return false
        default: break
        }
        guard !scalar.properties.isDefaultIgnorableCodePoint else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
            .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol,
            .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
