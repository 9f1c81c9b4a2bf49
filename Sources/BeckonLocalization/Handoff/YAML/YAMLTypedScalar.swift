/// Which plain scalars a YAML reader would take for something other than a string.
///
/// Beckon reads every bundle value as text, but other tools read bundles too, with YAML 1.1
/// (PyYAML, Ruby's Psych, libyaml-based readers, Yams) or YAML 1.2 (core schema) resolvers. A value
/// such as `yes`, `0x1F`, `.inf` or `2001-12-14` written plain becomes a boolean, a number or a
/// date there, so the writer quotes it. The test is deliberately wider than any one resolver:
/// quoting a string that needed none costs two characters; not quoting one that did changes it.
enum YAMLTypedScalar {
    /// Whether `text`, written as a plain scalar, could be read as null, a boolean, a number, a
    /// timestamp, a merge key or YAML 1.1's `=` value key.
    static func isTyped(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if words.contains(lowered) { return true }
        return isNumberLike(lowered) || isTimestampLike(text)
    }

    /// Null, YAML 1.1 booleans (in any case, though YAML spells only three), `<<` and `=`.
    private static let words: Set<String> = [
        "", "~", "null", "y", "n", "yes", "no", "on", "off", "true", "false", "<<", "=",
    ]

    /// Numbers in every spelling YAML 1.1 or 1.2 reads: signed, `0x`/`0o`/`0b`, decimal (with
    /// `0`-octal), `_` separators, decimals, exponents, sexagesimal (`1:30`), `.inf` and `.nan`.
    private static func isNumberLike(_ lowered: String) -> Bool {
        var body = Substring(lowered)
        if let sign = body.first, sign == "+" || sign == "-" { body = body.dropFirst() }
        if [".inf", ".nan"].contains(body) { return true }
        for (prefix, digits) in [("0x", "0123456789abcdef_"), ("0o", "01234567_"), ("0b", "01_")]
        where body.hasPrefix(prefix) {
            let rest = body.dropFirst(2)
            if !rest.isEmpty, rest.allSatisfy({ digits.contains($0) }) { return true }
        }
        // A mantissa of digits, `_`, `.` and `:` (generously: any such run with a digit), then an
        // optional exponent.
        let mantissa = body.prefix { "0123456789_.:".contains($0) }
        guard let first = mantissa.first, first.isNumber || first == ".",
            mantissa.contains(where: \.isNumber)
        else { return false }
        var exponent = body.dropFirst(mantissa.count)
        guard !exponent.isEmpty else { return true }
        guard exponent.first == "e" else { return false }
        exponent = exponent.dropFirst()
        if let sign = exponent.first, sign == "+" || sign == "-" { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Starts like a YAML 1.1 timestamp: four digits and a `-`.
    private static func isTimestampLike(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.prefix(5))
        return scalars.count == 5 && scalars[..<4].allSatisfy { ("0"..."9").contains($0) } && scalars[4] == "-"
    }
}
