import BeckonChecks
import BeckonDiagnostics
import BeckonEngine
import BeckonLocalization
import BeckonRender
import BeckonSite

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
        for locale in loaded.sourceHashes.keys.sorted() { key.add(Self.lockKey(loaded, locale)) }
        key.add(prints.layouts)
        key.add(prints.cardLayouts)
        for path in prints.templates.keys.sorted() {
            key.add(path)
            key.add(prints.templates[path]!)
        }
        return key.finish()
    }

    /// What the localization rules and the review page read. Each string is rendered again only
    /// when it changed, so a German edit renders the edited German strings again, not all.
    func input(_ loaded: LoadedSite, _ prepared: Prepared) -> LocalizationInput {
        let site = loaded.site
        let byLocale = site.buildLocales.parallelMap { renderings($0, loaded, prepared) }
        var input = LocalizationInput(
            catalog: loaded.catalog,
            usage: engine.value(BuildSteps.localizationUsage, Self.key(loaded)) {
                LocalizationReview.usage(
                    site: site, catalog: loaded.catalog, layouts: loaded.layouts, cards: prepared.cards)
            },
            renderings: Dictionary(uniqueKeysWithValues: zip(site.buildLocales, byLocale)),
            locales: site.buildLocales)
        input.sourceHashes = loaded.sourceHashes
        input.limits = site.config.limits
        return input
    }

    /// The findings of the catalog rules, one locale at a time: each locale is compared with the
    /// source, so a German edit checks the German strings again (and the source-only rules, whose
    /// findings come out the same every time and are reported once).
    func check(_ loaded: LoadedSite, _ prepared: Prepared) -> [Diagnostic] {
        let site = loaded.site
        let source = site.config.locales.defaultLocale
        let usage = engine.value(BuildSteps.localizationUsage, Self.key(loaded)) {
            LocalizationReview.usage(
                site: site, catalog: loaded.catalog, layouts: loaded.layouts, cards: prepared.cards)
        }
        var everyLocale = FingerprintBuilder("catalog-rules-every-locale")
        everyLocale.add(Self.sharedKey(loaded))
        for locale in site.buildLocales { everyLocale.add(loaded.prints.chain(locale)) }
        let acrossLocales = engine.persistentValue(BuildSteps.checkCatalogAcross, everyLocale.finish()) {
            var input = LocalizationInput(
                catalog: loaded.catalog, usage: usage, renderings: [:], locales: site.buildLocales)
            input.limits = site.config.limits
            return prepared.checker.check(input, everyLocale: true)
        }
        return acrossLocales
            + site.buildLocales.parallelMap { locale in
                var key = FingerprintBuilder("catalog-rules")
                key.add(Self.sharedKey(loaded))
                key.add(locale.rawValue)
                key.add(loaded.prints.chain(locale))
                key.add(loaded.prints.chain(source))
                key.add(Self.lockKey(loaded, locale))
                return engine.persistentValue(BuildSteps.checkCatalog, key.finish()) {
                    let locales = Array(Set([locale, source])).sorted()
                    var input = LocalizationInput(
                        catalog: loaded.catalog, usage: usage,
                        renderings: Dictionary(
                            uniqueKeysWithValues: locales.map { ($0, renderings($0, loaded, prepared)) }),
                        locales: [locale])
                    input.sourceHashes = loaded.sourceHashes.filter { $0.key == locale }
                    input.limits = site.config.limits
                    return prepared.checker.check(input, everyLocale: false)
                }
            }.flatMap { $0 }
    }

    /// The key of the source fingerprints the lock gives a locale's translations.
    private static func lockKey(_ loaded: LoadedSite, _ locale: LocaleID) -> Fingerprint {
        var key = FingerprintBuilder("locked-sources")
        key.add(locale.rawValue)
        for (message, hash) in (loaded.sourceHashes[locale] ?? [:]).sorted(by: { $0.key < $1.key }) {
            key.add(message.rawValue)
            key.add(hash)
        }
        return key.finish()
    }

    /// The strings of one locale, each rendered again only when a string it read changed (itself,
    /// or the anonymous inviter's stand-in its arguments hold: the engine records the lookups).
    /// Every key is asked on every run, so the results of a locale nobody edited stay in the engine.
    private func renderings(
        _ locale: LocaleID, _ loaded: LoadedSite, _ prepared: Prepared
    ) -> [MessageKey: [LocalizationInput.Rendering]] {
        let strings = LocalizationReview.LocaleStrings(
            locale, site: loaded.site, catalog: loaded.catalog, sampleLinks: prepared.sampleLinks)
        var byKey: [MessageKey: [LocalizationInput.Rendering]] = [:]
        for message in strings.keys {
            var key = FingerprintBuilder("string-renderings")
            key.add(loaded.prints.config)
            key.add(loaded.prints.run)
            key.add(locale.rawValue)
            key.add(message.rawValue)
            let renderings = engine.value(BuildSteps.localizationString, key.finish()) {
                strings.renderings(of: message)
            }
            if !renderings.isEmpty { byKey[message] = renderings }
        }
        return byKey
    }

    /// What every locale's catalog rules read besides the strings: settings, templates, layouts.
    static func sharedKey(_ loaded: LoadedSite) -> Fingerprint {
        var key = FingerprintBuilder("localization-shared")
        let prints = loaded.prints
        key.add(prints.config)
        key.add(prints.run)
        key.add(prints.layouts)
        key.add(prints.cardLayouts)
        for path in prints.templates.keys.sorted() {
            key.add(path)
            key.add(prints.templates[path]!)
        }
        return key.finish()
    }
}
