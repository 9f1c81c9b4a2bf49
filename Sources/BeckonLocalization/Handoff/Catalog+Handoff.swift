import BeckonDiagnostics
import BeckonSite
import Foundation

extension Catalog {
    /// Loads a site's bundles for an export or import: every listed locale, whatever `--locale`
    /// would select.
    ///
    /// A hand-off needs the configuration and bundles that read cleanly, since a string Beckon
    /// could not read would be missing from an export and could be overwritten by an import. So
    /// the catalog is `nil` when `beckon.yml` cannot be read or a bundle has an error (YAML or ICU
    /// syntax, an invalid key); the diagnostics are those errors. Problems elsewhere in the site
    /// (templates, layouts, a missing plural category) do not stop a hand-off, and a listed locale
    /// without a bundle simply has no translations yet. The translation lock, when there is one,
    /// says which translations without a `sourceHash` were made from an older source. An import
    /// that was interrupted is finished (or rolled back) first (`BundleJournal.recover`).
    /// - Parameters:
    ///   - root: The site folder.
    ///   - sources: Where the files read are kept, for quoting them in diagnostics.
    public static func loadForHandoff(root: URL, sources: SourceStore) -> (Catalog?, [Diagnostic]) {
        // An import killed between its renames is finished first, so the bundles are all new.
        do {
            try BundleJournal.recover(siteRoot: root)
        } catch {
            return (nil, [error])
        }
        let (site, siteDiagnostics) = SiteLoader(root: root, sources: sources).load()
        guard let site else { return (nil, siteDiagnostics.filter { $0.severity == .error }) }
        var (catalog, catalogDiagnostics) = Catalog.load(site)
        // Translations typed in by hand are stale by what the last build recorded in the lock.
        if let text = try? String(
            contentsOf: root.appendingPathComponent(TranslationLock.path), encoding: .utf8)
        {
            catalog.lockedSourceHashes = TranslationLock(text: text).updated(catalog).sourceHashes
        }
        let blocking = (siteDiagnostics + catalogDiagnostics).filter {
            $0.severity == .error && $0.location?.file.hasPrefix("locales/") == true
                && $0.rule != "l10n.plural-categories"
        }
        return (blocking.isEmpty ? catalog : nil, blocking)
    }
}
