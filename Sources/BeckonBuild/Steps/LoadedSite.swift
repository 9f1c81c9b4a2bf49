import BeckonDiagnostics
import BeckonInvitePages
import BeckonLocalization
import BeckonRender
import BeckonSite

/// A site as one run sees it: loaded, its bundles parsed into a catalog, its layouts compiled,
/// and its inputs, which the steps that follow record reading.
struct LoadedSite: Sendable {
    var site: Site
    var catalog: Catalog
    var layouts: LayoutLibrary
    var inputs: SiteInputs
    /// The translation lock brought up to date with the catalog (written after a build).
    var lock: TranslationLock
    /// The source fingerprint each translation answers to, by locale (see `TranslationLock`).
    var sourceHashes: [LocaleID: [MessageKey: String]]
}
