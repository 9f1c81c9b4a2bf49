import BeckonDiagnostics
import BeckonLocalization

/// `l10n.source-only`: a number written in a source string appears in at least one of its
/// translations.
///
/// When every translator left a number out, it was rarely meant for the reader: a ticket or spec
/// reference (`(seed 003 #13)`, `JIRA-482`) typed into customer copy, which the source locale's
/// customers then see and nobody else's. Move such notes to the string's `description:`. A
/// number the copy needs (7 days, 24 hours) is kept by translators, in whatever digits their
/// script uses (`٧` counts as `7`). Reported once, at the source string.
struct SourceOnlyRule: CatalogRule {
    let id: RuleID = "l10n.source-only"
    let readsEveryLocale = true

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        var translated: [MessageKey: [String]] = [:]
        for (_, entry, _) in input.translations {
            translated[entry.key, default: []].append(entry.message.literalText)
        }
        var diagnostics: [Diagnostic] = []
        for source in input.sourceEntries {
            guard let translations = translated[source.key], !translations.isEmpty else { continue }
            let kept = translations.reduce(into: Set<String>()) { $0.formUnion(Self.numbers(in: $1)) }
            let missing = Self.numbers(in: source.message.literalText).filter { !kept.contains($0) }
            guard !missing.isEmpty else { continue }
            let list = missing.map { "`\($0)`" }.joined(separator: ", ")
            var diagnostic = Diagnostic.warning(
                id,
                "`\(source.key)` has \(list), which none of its \(translations.count) translation\(translations.count == 1 ? "" : "s") has: a note for the team rather than for the reader?",
                at: source.location,
                fix:
                    "Move references and notes into the string's `description:`; if the number belongs in the copy, add it to the translations."
            )
            diagnostic.locale = input.catalog.locales.defaultLocale.rawValue
            diagnostics.append(diagnostic)
        }
        return diagnostics
    }

    /// The runs of digits in text, in order and once each, written with ASCII digits whatever
    /// the script (`٠`–`٩`, `۰`–`۹`, full-width and the rest).
    static func numbers(in text: String) -> [String] {
        var result: [String] = []
        var run = ""
        func flush() {
            if !run.isEmpty, !result.contains(run) { result.append(run) }
            run = ""
        }
        for scalar in text.unicodeScalars {
            // An ASCII character is a decimal digit only as `0`–`9`: its properties are not looked up.
            if scalar.isASCII {
                if (0x30...0x39).contains(scalar.value) { run.unicodeScalars.append(scalar) } else { flush() }
            } else if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                run += String(Int(value))
            } else {
                flush()
            }
        }
        flush()
        return result
    }
}
