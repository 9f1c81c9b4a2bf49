import BeckonDiagnostics
import BeckonLocalization

/// `l10n.argument-mismatch`: a translation uses exactly the arguments its source uses, and may
/// add the ones its language needs for agreement (`AgreementArguments`: `{inviterGender}`).
///
/// A dropped `{inviter}` loses the name; an added or misspelt one prints `{inviterr}` literally.
/// Copy the arguments from the source text; they are never translated.
struct ArgumentMismatchRule: CatalogRule {
    let id: RuleID = "l10n.argument-mismatch"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        input.translations.compactMap { locale, entry, source in
            let expected = Set(source.message.argumentNames)
            let actual = Set(entry.message.argumentNames)
            let missing = expected.subtracting(actual).sorted()
            let extra = AgreementArguments.unexplained(actual, source: expected).sorted()
            guard !missing.isEmpty || !extra.isEmpty else { return nil }
            var parts: [String] = []
            if !missing.isEmpty { parts.append("lacks \(missing.map { "{\($0)}" }.joined(separator: ", "))") }
            if !extra.isEmpty {
                parts.append("has \(extra.map { "{\($0)}" }.joined(separator: ", ")), which the source does not")
            }
            return finding(
                .error, "`\(entry.key)` in \(locale) \(parts.joined(separator: " and "))", at: entry, locale: locale,
                fix: "Use the source's arguments: \(expected.sorted().map { "{\($0)}" }.joined(separator: ", ")).")
        }
    }
}
