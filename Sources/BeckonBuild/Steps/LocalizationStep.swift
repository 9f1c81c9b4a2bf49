import BeckonChecks
import BeckonDiagnostics
import BeckonEngine
import BeckonRender

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

    /// What the localization rules and the review page read. Each locale's strings are rendered
    /// once per fallback chain, so a German edit renders the German strings again, not all.
    func input(_ loaded: LoadedSite, _ prepared: Prepared) -> LocalizationInput {
        engine.value("localization.input", Self.key(loaded)) {
            let site = loaded.site
            let renderings = site.buildLocales.parallelMap { locale in
                var key = FingerprintBuilder("renderings")
                key.add(loaded.prints.config)
                key.add(loaded.prints.run)
                key.add(locale.rawValue)
                key.add(loaded.prints.chain(locale))
                return engine.value("localization.renderings", key.finish()) {
                    LocalizationReview.renderings(
                        locale, site: site, catalog: loaded.catalog, sampleLinks: prepared.sampleLinks)
                }
            }
            return LocalizationInput(
                catalog: loaded.catalog,
                usage: LocalizationReview.usage(site: site, layouts: loaded.layouts, cards: prepared.cards),
                renderings: Dictionary(uniqueKeysWithValues: zip(site.buildLocales, renderings)),
                locales: site.buildLocales)
        }
    }

    /// The findings of the catalog rules.
    func check(_ loaded: LoadedSite, _ prepared: Prepared) -> [Diagnostic] {
        engine.persistentValue("check.catalog", Self.key(loaded)) {
            prepared.checker.check(input(loaded, prepared))
        }
    }
}
