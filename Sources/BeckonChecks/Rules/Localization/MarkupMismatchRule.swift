import BeckonDiagnostics
import BeckonLocalization
import BeckonRender

/// `l10n.markup-mismatch`: a translation keeps its source's inline Markdown — as many links, bold,
/// emphasis and code spans.
///
/// A lost `**` leaves an asterisk on the page; a lost `](…)` leaves a bracket and no link. The
/// words inside may move and change; the markup around them must stay.
struct MarkupMismatchRule: CatalogRule {
    let id: RuleID = "l10n.markup-mismatch"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        input.translations.compactMap { locale, entry, source in
            let expected = Self.markup(in: source.message.literalText)
            let actual = Self.markup(in: entry.message.literalText)
            guard expected != actual else { return nil }
            let describe: ([String: Int]) -> String = { counts in
                counts.isEmpty
                    ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            }
            return finding(
                .warning,
                "`\(entry.key)` in \(locale) has markup \(describe(actual)), the source \(describe(expected))",
                at: entry, locale: locale,
                fix: "Keep the source's `**bold**`, `*emphasis*`, `` `code` `` and `[links](…)`.")
        }
    }

    /// Counts of each kind of inline markup delimiter.
    static func markup(in text: String) -> [String: Int] {
        // Most strings hold no delimiter: then none is counted, without reading them as characters.
        guard text.mayHoldCharacter(among: Self.delimiters) else { return [:] }
        return markupByCharacter(in: text)
    }

    /// `markup(in:)` read a character at a time, for any text.
    static func markupByCharacter(in text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var characters = Array(text)[...]
        while let character = characters.first {
            if characters.starts(with: ["*", "*"]) || characters.starts(with: ["_", "_"]) {
                counts["bold", default: 0] += 1
                characters = characters.dropFirst(2)
            } else if characters.starts(with: ["]", "("]) {
                counts["link", default: 0] += 1
                characters = characters.dropFirst(2)
            } else if character == "*" {
                counts["emphasis", default: 0] += 1
                characters = characters.dropFirst()
            } else if character == "`" {
                counts["code", default: 0] += 1
                characters = characters.dropFirst()
            } else {
                characters = characters.dropFirst()
            }
        }
        return counts
    }

    /// The delimiters' characters: `*`, `_`, `]` and `` ` ``.
    private static let delimiters = Array("*_]`".utf8)
}
