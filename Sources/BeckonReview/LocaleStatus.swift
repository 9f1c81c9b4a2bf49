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
    /// Source strings neither this locale nor a fallback the site accepts has (a string only the
    /// default locale supplies, in another language, counts as missing).
    public var missing: Int
    /// Source strings an accepted fallback locale supplies (same language, or named in
    /// `locales.fallback`).
    public var fallback: Int
    /// Translations made from an older source text.
    public var stale: Int
    /// Strings over their length limit in some rendering.
    public var overLimit: Int
    /// Findings of every rule made in this locale.
    public var findings: Int

    /// Counts a locale from the catalog and the build's findings.
    public static func make(_ locale: LocaleID, catalog: Catalog, diagnostics: [Diagnostic]) -> LocaleStatus {
        let sourceKeys = catalog.sourceBundle?.orderedKeys ?? []
        let own = catalog.bundles[locale]?.entries ?? [:]
        let translated = sourceKeys.filter { own[$0] != nil }.count
        let supplied = sourceKeys.filter { catalog.isAcceptedFallback($0, in: locale) }.count
        let findings = diagnostics.filter { $0.locale == locale.rawValue }
        return LocaleStatus(
            locale: locale.rawValue, total: sourceKeys.count, translated: translated,
            missing: sourceKeys.count - translated - supplied, fallback: supplied,
            stale: findings.count { $0.rule == "l10n.stale" },
            overLimit: Set(findings.filter { $0.rule == "l10n.too-long" }.map(\.message)).count,
            findings: findings.count)
    }
}
