import BeckonSite

/// Where a translation stands when it is exported.
enum HandoffState: Sendable, Hashable {
    /// No translation yet.
    case new
    /// A translation made from an older source text (its `sourceHash` differs from the source's).
    case stale
    /// A translation of the current source text (or one that never recorded its source).
    case translated

    /// The state of the `locale` translation of `source`. The source text a translation was made
    /// from is its `sourceHash`, or else the one the translation lock recorded for it
    /// (`Catalog.recordedSourceHash`), so a translation typed in by hand goes stale too.
    init(source: BundleEntry, in locale: LocaleID, catalog: Catalog) {
        guard catalog.bundles[locale]?.entries[source.key] != nil else {
            self = .new
            return
        }
        if let hash = catalog.recordedSourceHash(of: source.key, in: locale), hash != SourceHash.of(source.text) {
            self = .stale
        } else {
            self = .translated
        }
    }
}
