import BeckonDiagnostics
import BeckonLocalization

/// `l10n.untranslated`: a translation differs from its source, unless the key allows it
/// (`allowSameAsSource: true`, for brand names) or the text has no letters to translate.
///
/// An English sentence in the German bundle is usually a placeholder someone forgot.
/// Locales of the source's own language (`en-GB` for an `en-US` source) may repeat it.
struct UntranslatedRule: CatalogRule {
    let id: RuleID = "l10n.untranslated"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        let sourceLanguage = input.catalog.locales.defaultLocale.language
        return input.translations.compactMap { locale, entry, source in
            guard locale.language != sourceLanguage, !source.allowsSameAsSource, !entry.allowsSameAsSource,
                entry.text == source.text, entry.message.literalText.contains(where: \.isLetter)
            else { return nil }
            return finding(
                .warning, "`\(entry.key)` in \(locale) is the same as the source", at: entry, locale: locale,
                fix: "Translate it, or add `allowSameAsSource: true` to the source entry if it must not change.")
        }
    }
}
