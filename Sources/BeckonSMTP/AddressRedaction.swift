/// Reply texts with the email addresses taken out: replies are logged and stored, and must not
/// carry personal data.
enum AddressRedaction {
    /// What stands in for an address.
    static let placeholder = "<recipient>"

    /// `text` with each address — `<name@host>` or a bare `name@host` — written `<recipient>`.
    static func redact(_ text: String) -> String {
        guard text.contains("@") else { return text }
        var result = ""
        var rest = text[...]
        while let at = rest.firstIndex(of: "@") {
            var start = at
            while start > rest.startIndex, !isBoundary(rest[rest.index(before: start)]) {
                start = rest.index(before: start)
            }
            var end = rest.index(after: at)
            while end < rest.endIndex, !isBoundary(rest[end]) { end = rest.index(after: end) }
            // A full stop after a bare address ends the sentence, not the address.
            while end > rest.index(after: at), rest[rest.index(before: end)] == "." { end = rest.index(before: end) }
            if start > rest.startIndex, end < rest.endIndex, rest[rest.index(before: start)] == "<", rest[end] == ">" {
                start = rest.index(before: start)
                end = rest.index(after: end)
            }
            result += rest[..<start] + placeholder
            rest = rest[end...]
        }
        return result + rest
    }

    /// Whether `character` cannot be part of an address as replies write one.
    private static func isBoundary(_ character: Character) -> Bool {
        character.isWhitespace || "<>()[],;:".contains(character)
    }
}
