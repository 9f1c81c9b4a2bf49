import BeckonDiagnostics
import BeckonLocalization
import BeckonRender

/// `l10n.whitespace`: a string has no leading, trailing or doubled spaces (a translation may keep
/// those its source has on purpose).
///
/// Stray spaces come from copy and paste and show up as gaps in buttons and subject lines.
struct WhitespaceRule: CatalogRule {
    let id: RuleID = "l10n.whitespace"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        let sourceLocale = input.catalog.locales.defaultLocale
        let pairs = input.sourceEntries.map { (sourceLocale, $0, $0) } + input.translations
        return pairs.flatMap { locale, entry, source in
            let intended = locale == sourceLocale ? [] : Set(Self.problems(source.text))
            return Self.problems(entry.text).filter { !intended.contains($0) }.map { problem in
                finding(
                    .warning, "`\(entry.key)` in \(locale) has \(problem)", at: entry, locale: locale,
                    fix: "Remove the extra space.")
            }
        }
    }

    static func problems(_ text: String) -> [String] {
        var problems: [String] = []
        if text.first?.isWhitespace == true { problems.append("a leading space") }
        if text.last?.isWhitespace == true { problems.append("a trailing space") }
        if text.containsBytes(doubleSpace) { problems.append("a double space") }
        return problems
    }

    private static let doubleSpace = Array("  ".utf8)
}
