import BeckonDiagnostics
import BeckonLocalization
import BeckonRender
import BeckonSite

/// A site as one run sees it: loaded, its bundles parsed into a catalog, its layouts compiled,
/// and the fingerprints of every part, which key the steps that follow.
struct LoadedSite: Sendable {
    var site: Site
    var catalog: Catalog
    var layouts: LayoutLibrary
    var prints: SiteFingerprints
    /// The translation lock brought up to date with the catalog (written after a build).
    var lock: TranslationLock
    /// The source fingerprint each translation answers to, by locale (see `TranslationLock`).
    var sourceHashes: [LocaleID: [MessageKey: String]]
}
