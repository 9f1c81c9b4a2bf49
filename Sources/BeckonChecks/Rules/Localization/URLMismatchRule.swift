import BeckonDiagnostics
import BeckonLocalization
import BeckonRender

/// `l10n.url-mismatch`: a translation links to the same URLs and email addresses as its source.
///
/// Translators sometimes "localise" a link or retype an address; a changed character sends people
/// nowhere. Copy URLs and addresses from the source unchanged (a localised help page belongs in the
/// source as its own string).
struct URLMismatchRule: CatalogRule {
    let id: RuleID = "l10n.url-mismatch"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        input.translations.compactMap { locale, entry, source in
            let expected = Self.addresses(in: source.message.literalText)
            let actual = Self.addresses(in: entry.message.literalText)
            guard expected != actual else { return nil }
            let missing = expected.subtracting(actual).sorted()
            let extra = actual.subtracting(expected).sorted()
            var detail: [String] = []
            if !missing.isEmpty { detail.append("lacks \(missing.joined(separator: ", "))") }
            if !extra.isEmpty { detail.append("adds \(extra.joined(separator: ", "))") }
            return finding(
                .error, "`\(entry.key)` in \(locale) \(detail.joined(separator: " and "))", at: entry, locale: locale,
                fix: "Use the source's URLs and addresses exactly.")
        }
    }

    /// `http(s)://…` URLs and `name@domain` addresses in text, with trailing punctuation removed.
    static func addresses(in text: String) -> Set<String> {
        // Most strings hold no `@`, `http` or `mailto:`, and then no address: they are not split
        // into words (those characters have no other spelling a character comparison matches).
        guard text.utf8.contains(UInt8(ascii: "@")) || text.containsBytes(http) || text.containsBytes(mailto) else {
            return []
        }
        return addressesByWord(in: text)
    }

    /// `addresses(in:)` read a word of characters at a time, for any text.
    static func addressesByWord(in text: String) -> Set<String> {
        var found = Set<String>()
        for word in text.split(whereSeparator: { $0.isWhitespace || "()<>\"".contains($0) }) {
            var candidate = String(word)
            while let last = candidate.last, ".,;:!?'".contains(last) { candidate.removeLast() }
            if candidate.hasPrefix("https://") || candidate.hasPrefix("http://") || candidate.hasPrefix("mailto:") {
                found.insert(candidate)
            } else if let at = candidate.firstIndex(of: "@"), at != candidate.startIndex,
                candidate[candidate.index(after: at)...].contains(".")
            {
                found.insert(candidate)
            }
        }
        return found
    }

    private static let http = Array("http".utf8)
    private static let mailto = Array("mailto:".utf8)
}
