import BeckonDiagnostics
import BeckonLocalization
import BeckonSite

/// How complete one locale is, for `beckon l10n status` and the reviewer page.
public struct LocaleStatus: Sendable, Hashable, Codable {
    public var locale: String
    /// Strings in the source bundle.
    public var total: Int
    /// Source strings this locale's bundle has.
    public var translated: Int
    /// Source strings this locale's bundle lacks, whether or not a fallback fills them: a
    /// string another locale supplies is still a string nobody translated into this one.
    public var missing: Int
    /// Of the missing strings, those an accepted fallback locale supplies (same language, or named
    /// in `locales.fallback`).
    public var fallback: Int
    /// Which locales fill the missing strings, and how many each (`de-DE: 3`).
    public var fallbackFrom: [String: Int]
    /// Translations made from an older source text, whether they came through a hand-off file or
    /// were typed into the bundle (the translation lock tracks both).
    public var stale: Int
    /// Strings over their length limit in some rendering.
    public var overLimit: Int
    /// Findings of every rule made in this locale.
    public var findings: Int
    /// Translated and current (not stale), in whole percent of the source strings.
    public var progress: Int
    /// Translations a reviewer approved, as they are now (an edit since makes them unreviewed).
    public var approved: Int
    /// Translations a reviewer asked to change, as they are now.
    public var needsWork: Int

    /// Counts a locale from the catalog and the build's findings.
    public static func make(_ locale: LocaleID, catalog: Catalog, diagnostics: [Diagnostic]) -> LocaleStatus {
        let sourceKeys = catalog.sourceBundle?.orderedKeys ?? []
        let own = catalog.bundles[locale]?.entries ?? [:]
        let translated = sourceKeys.filter { own[$0] != nil }.count
        var fallbackFrom: [String: Int] = [:]
        for key in sourceKeys where catalog.isAcceptedFallback(key, in: locale) {
            if let supplier = catalog.message(key, in: locale)?.locale {
                fallbackFrom[supplier.rawValue, default: 0] += 1
            }
        }
        let findings = diagnostics.filter { $0.locale == locale.rawValue }
        // A string's findings are located at its entry in the bundle: one location, one string.
        func strings(_ rule: RuleID) -> Int { Set(findings.filter { $0.rule == rule }.compactMap(\.location)).count }
        let stale = strings("l10n.stale")
        let current = max(0, translated - stale)
        let reviews = locale == catalog.locales.defaultLocale ? [] : sourceKeys.compactMap { own[$0]?.currentReview }
        return LocaleStatus(
            locale: locale.rawValue, total: sourceKeys.count, translated: translated,
            missing: sourceKeys.count - translated, fallback: fallbackFrom.values.reduce(0, +),
            fallbackFrom: fallbackFrom, stale: stale,
            overLimit: strings("l10n.too-long"),
            findings: findings.count,
            progress: sourceKeys.isEmpty ? 100 : current * 100 / sourceKeys.count,
            approved: reviews.count { $0.decision == .approved }, needsWork: reviews.count { $0.decision == .needsWork }
        )
    }
}
