import BeckonChecks
import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonLocalization
import BeckonRender
import BeckonSite

/// Gathers every string rendered in every locale with every sample (what the localization rules
/// and the review page read) and runs the catalog rules over it: each locale's rules again only
/// when what that locale reads changed.
struct LocalizationStep {
    let engine: Engine

    /// Which templates use which keys, published: the catalog rules of a locale that read it run
    /// again only when it changed, not whenever a bundle did (a translation edit leaves it equal).
    func usage(_ loaded: LoadedSite, _ prepared: Prepared) -> Published<[MessageKey: [String]]> {
        let usage = engine.value(BuildSteps.localizationUsage, BuildSteps.localizationUsage.key()) {
            loaded.inputs.record(.config, .run, .templates, .layouts, .cardLayouts, .bundles)
            return LocalizationReview.usage(
                site: loaded.site, catalog: loaded.catalog, layouts: loaded.layouts, cards: prepared.cards)
        }
        return engine.publish("localization.usage", usage)
    }

    /// What the localization rules and the review page read. Each string is rendered again only
    /// when it changed, so a German edit renders the edited German strings again, not all.
    func input(_ loaded: LoadedSite, _ prepared: Prepared) -> LocalizationInput {
        let site = loaded.site
        let byLocale = site.buildLocales.parallelMap { renderings($0, loaded, prepared) }
        var input = LocalizationInput(
            catalog: loaded.catalog, usage: usage(loaded, prepared).value,
            renderings: Dictionary(uniqueKeysWithValues: zip(site.buildLocales, byLocale)),
            locales: site.buildLocales)
        input.sourceHashes = loaded.sourceHashes
        input.limits = site.config.limits
        input.storesWithoutHandOff = site.config.deferred.storesWithoutHandOff(site.config.app)
        return input
    }

    /// The findings of the catalog rules, one locale at a time: each locale is compared with the
    /// source, so a German edit checks the German strings again (and the source-only rules, whose
    /// findings come out the same every time and are reported once).
    func check(_ loaded: LoadedSite, _ prepared: Prepared) -> [Diagnostic] {
        let site = loaded.site
        let inputs = loaded.inputs
        let source = site.config.locales.defaultLocale
        let usage = self.usage(loaded, prepared)
        let acrossLocales = engine.persistentValue(BuildSteps.checkCatalogAcross, BuildSteps.checkCatalogAcross.key()) {
            Self.recordShared(inputs)
            for locale in site.buildLocales { inputs.record(.chain(locale)) }
            var input = LocalizationInput(
                catalog: loaded.catalog, usage: usage.value, renderings: [:], locales: site.buildLocales)
            input.limits = site.config.limits
            input.storesWithoutHandOff = site.config.deferred.storesWithoutHandOff(site.config.app)
            return prepared.checker.check(input, everyLocale: true)
        }
        return acrossLocales
            + site.buildLocales.parallelMap { locale in
                engine.persistentValue(BuildSteps.checkCatalog, BuildSteps.checkCatalog.key(locale)) {
                    Self.recordShared(inputs)
                    inputs.record(.chain(locale), .chain(source), .lockedSources(locale))
                    let locales = Array(Set([locale, source])).sorted()
                    var input = LocalizationInput(
                        catalog: loaded.catalog, usage: usage.value,
                        renderings: Dictionary(
                            uniqueKeysWithValues: locales.map { ($0, renderings($0, loaded, prepared)) }),
                        locales: [locale])
                    input.sourceHashes = loaded.sourceHashes.filter { $0.key == locale }
                    input.limits = site.config.limits
                    return prepared.checker.check(input, everyLocale: false)
                }
            }.flatMap { $0 }
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
            // The locale as its text: a key per string of every locale is made on every run, and
            // a text goes into the hash directly where a `LocaleID` would go through its encoder.
            let key = BuildSteps.localizationString.key(locale.rawValue, message.rawValue)
            let renderings = engine.value(BuildSteps.localizationString, key) {
                loaded.inputs.record(.config, .run)
                return strings.renderings(of: message)
            }
            if !renderings.isEmpty { byKey[message] = renderings }
        }
        return byKey
    }

    /// Records what every locale's catalog rules and review column read besides the strings:
    /// settings, templates, layouts.
    static func recordShared(_ inputs: SiteInputs) {
        inputs.record(.config, .run, .templates, .layouts, .cardLayouts)
    }
}
