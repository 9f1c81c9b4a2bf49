import BeckonDiagnostics
import BeckonLocalization
import BeckonSite

/// `l10n.too-long`: every rendering of a string fits the key's `maxChars` and `maxWords`, in every
/// locale and with every sample invite (a 40-character name makes a title longer). A string with a
/// `role` and no `maxChars` fits its role's limit: `limits.toastChars`, `limits.modalChars` or
/// `limits.displayNameChars`.
///
/// Characters are counted as people see them (grapheme clusters); words with ICU's word break
/// rules for the locale, so Japanese is segmented rather than counted as one word. Shorten the
/// translation, or raise the limit in the source bundle if the design allows it.
struct TooLongRule: CatalogRule {
    let id: RuleID = "l10n.too-long"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        guard let source = input.catalog.sourceBundle else { return [] }
        for locale in input.locales {
            for key in source.orderedKeys {
                guard let limits = source.entries[key],
                    let (entry, supplier) = input.catalog.lookup(key, in: locale), supplier == locale
                else { continue }
                let maxChars = limits.maxChars ?? limits.role.map { $0.characterLimit(in: input.limits) }
                guard maxChars != nil || limits.maxWords != nil else { continue }
                // The longest rendering is the one worth reporting (the first of equals), as
                // measured when it was made.
                let renderings = input.renderings[locale]?[key] ?? []
                if let maxChars, let worst = renderings.max(by: { $0.characters < $1.characters }),
                    case let characters = worst.characters, characters > maxChars
                {
                    diagnostics.append(
                        finding(
                            .error, "`\(key)` is \(characters) characters in \(locale) (limit \(maxChars))",
                            at: entry, locale: locale, sample: worst.sample,
                            fix: "Shorten it to \(maxChars) characters, counting the longest name it can hold."))
                }
                if let maxWords = limits.maxWords, let worst = renderings.max(by: { $0.words < $1.words }),
                    case let words = worst.words, words > maxWords
                {
                    diagnostics.append(
                        finding(
                            .error, "`\(key)` is \(words) words in \(locale) (limit \(maxWords))",
                            at: entry, locale: locale, sample: worst.sample, fix: "Shorten it to \(maxWords) words."))
                }
            }
        }
        return diagnostics
    }
}
