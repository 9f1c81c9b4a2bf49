import BeckonDiagnostics
import BeckonLocalization

/// `l10n.unused-key`: every string in a bundle is used by a template, a layout or a share message,
/// or is marked `external: true` (used by the app, through the String Catalog).
///
/// Unused strings still cost translators time. Delete the key, or mark it external. A key that
/// only a translation has (not the source bundle) is reported in that translation.
struct UnusedKeyRule: CatalogRule {
    let id: RuleID = "l10n.unused-key"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let sourceLocale = input.catalog.locales.defaultLocale
        for entry in input.sourceEntries where input.usage[entry.key] == nil && !entry.isExternal {
            var diagnostic = finding(
                .warning, "`\(entry.key)` is not used by any template, layout or share message", at: entry,
                locale: sourceLocale, fix: "Delete it from every bundle, or add `external: true` if the app uses it.")
            diagnostic.location = entry.keyLocation
            diagnostics.append(diagnostic)
        }
        for locale in input.locales where locale != sourceLocale {
            guard let bundle = input.catalog.bundles[locale], let source = input.catalog.sourceBundle else { continue }
            for key in bundle.orderedKeys where source.entries[key] == nil {
                guard let entry = bundle.entries[key] else { continue }
                var diagnostic = finding(
                    .warning, "`\(key)` is in \(locale) but not in the source bundle \(source.path)", at: entry,
                    locale: locale, fix: "Delete it, or add it to \(source.path) first.")
                diagnostic.location = entry.keyLocation
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }
}
