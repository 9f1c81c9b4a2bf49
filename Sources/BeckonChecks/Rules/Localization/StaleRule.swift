import BeckonDiagnostics
import BeckonLocalization

/// `l10n.stale`: a translation was made from the current source text.
///
/// Imports record the source's fingerprint (`sourceHash`) with each translation; when the source
/// changes afterwards, the translation may no longer say the same thing. Review it and re-import,
/// or update `sourceHash` once it is checked.
struct StaleRule: CatalogRule {
    let id: RuleID = "l10n.stale"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        input.translations.compactMap { locale, entry, source in
            guard let recorded = entry.sourceHash, recorded != SourceHash.of(source.text) else { return nil }
            return finding(
                .warning, "`\(entry.key)` in \(locale) was translated from an older source text", at: entry,
                locale: locale,
                fix:
                    "Review the translation against the current source, then set `sourceHash: \(SourceHash.of(source.text))`."
            )
        }
    }
}
