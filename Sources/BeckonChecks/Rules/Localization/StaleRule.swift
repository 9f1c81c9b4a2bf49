import BeckonDiagnostics
import BeckonLocalization

/// `l10n.stale`: a translation was made from the current source text.
///
/// Every translation answers to the source text it was made from: imports record that text's
/// fingerprint (`sourceHash`) in the bundle, and every build records it for the other translations
/// — typed by hand, copied in — in `locales/translations.lock`. When the source changes afterwards,
/// a translation that did not change with it may no longer say the same thing. Update it (the next
/// build records it as made from the current source), or, when it still fits, confirm it by setting
/// `sourceHash` to the current source's fingerprint.
struct StaleRule: CatalogRule {
    let id: RuleID = "l10n.stale"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        input.translations.compactMap { locale, entry, source in
            guard let recorded = entry.sourceHash ?? input.sourceHashes[locale]?[entry.key],
                recorded != SourceHash.of(source.text)
            else { return nil }
            return finding(
                .warning, "`\(entry.key)` in \(locale) was translated from an older source text", at: entry,
                locale: locale,
                fix:
                    "Update the translation to the current source, or, if it still fits, confirm it with `sourceHash: \(SourceHash.of(source.text))`."
            )
        }
    }
}
