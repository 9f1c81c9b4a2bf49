import BeckonChecks
import BeckonDiagnostics
import BeckonEngine

/// Gathers every string rendered in every locale with every sample (what the localization rules
/// and the review page read) and runs the catalog rules over it, once per set of templates,
/// layouts, bundles and settings.
struct LocalizationStep {
    let engine: Engine

    /// The key of everything the localization input reads.
    static func key(_ loaded: LoadedSite) -> Fingerprint {
        var key = FingerprintBuilder("localization")
        let prints = loaded.prints
        key.add(prints.config)
        key.add(prints.run)
        key.add(prints.catalog)
        key.add(prints.layouts)
        key.add(prints.cardLayouts)
        for path in prints.templates.keys.sorted() {
            key.add(path)
            key.add(prints.templates[path]!)
        }
        return key.finish()
    }

    /// What the localization rules and the review page read.
    func input(_ loaded: LoadedSite, _ prepared: Prepared) -> LocalizationInput {
        engine.value("localization.input", Self.key(loaded)) {
            LocalizationReview.input(
                site: loaded.site, catalog: loaded.catalog, layouts: loaded.layouts,
                sampleLinks: prepared.sampleLinks, cards: prepared.cards)
        }
    }

    /// The findings of the catalog rules.
    func check(_ loaded: LoadedSite, _ prepared: Prepared) -> [Diagnostic] {
        engine.persistentValue("check.catalog", Self.key(loaded)) {
            prepared.checker.check(input(loaded, prepared))
        }
    }
}
