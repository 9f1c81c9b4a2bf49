import BeckonDiagnostics
import BeckonSite

/// Matches the locale ids a hand-off file names with the site's locales.
enum HandoffLocales {
    /// The site locale a file's locale id names. Ids compare without regard to case or to `_`
    /// versus `-` (`de_de` names `de-DE`); a bare language (`de`, as Xcode writes it) names the
    /// site's only locale of that language.
    static func siteLocale(_ text: String, in catalog: Catalog) -> LocaleID? {
        let wanted = normalized(text)
        if let exact = catalog.locales.list.first(where: { normalized($0.rawValue) == wanted }) { return exact }
        guard !wanted.contains("-") else { return nil }
        let sameLanguage = catalog.locales.list.filter { $0.language.lowercased() == wanted }
        return sameLanguage.count == 1 ? sameLanguage[0] : nil
    }

    private static func normalized(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// Whether the file's source language is the site's default locale; reports it when not. A
    /// file that names no source language is taken to be from this site.
    static func checkSource(
        _ text: String?, at location: SourceLocation, catalog: Catalog, report: ImportReport
    )
        -> Bool
    {
        let expected = catalog.locales.defaultLocale
        guard let text, !text.isEmpty, siteLocale(text, in: catalog) != expected else { return true }
        report.error(
            HandoffRule.locale, "the file translates from `\(text)`, but this site's source locale is `\(expected)`",
            at: location, fix: "Import only files exported from this site with `beckon l10n export`.")
        return false
    }

    /// The target locale a file names, if the site has it and it is not the source; reports it
    /// otherwise.
    static func target(
        _ text: String?, at location: SourceLocation, catalog: Catalog, report: ImportReport
    )
        -> LocaleID?
    {
        let targets = catalog.locales.list.filter { $0 != catalog.locales.defaultLocale }
        let choices =
            targets.isEmpty ? "a locale added to `locales.list` first" : targets.map(\.rawValue).joined(separator: ", ")
        if let text, !text.isEmpty, let assumed = report.assumedTarget, assumed != text {
            report.error(
                HandoffRule.locale, "the file is for `\(text)`, not `\(assumed)`", at: location,
                fix: "Leave out `--locale` for a file that names its target language.")
            return nil
        }
        guard let text = text.flatMap({ $0.isEmpty ? nil : $0 }) ?? report.assumedTarget else {
            report.error(
                HandoffRule.locale, "the file names no target language", at: location,
                fix:
                    "Name it with `beckon l10n import FILE --locale ID` (one of \(choices)); files `beckon l10n export` writes carry it."
            )
            return nil
        }
        guard let locale = siteLocale(text, in: catalog) else {
            report.error(
                HandoffRule.locale, "the site has no locale `\(text)`", at: location,
                fix: "Add `\(text)` to `locales.list` in beckon.yml first, or import a file for \(choices).")
            return nil
        }
        guard locale != catalog.locales.defaultLocale else {
            report.error(
                HandoffRule.locale, "`\(locale)` is the site's source locale, not a translation", at: location,
                fix: "Edit the source strings in \(catalog.sourceBundle?.path ?? "the source bundle") directly.",
                locale: locale)
            return nil
        }
        return locale
    }
}
