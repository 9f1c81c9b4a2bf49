import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import BeckonReview
import BeckonSite
import Foundation

/// Renders the reviewer page from the localization input, each locale's status, the findings and
/// the artifacts it links to. Which strings each page, email and card shows is read from its
/// provenance once per content (`prints` are the artifacts' fingerprints, in order).
struct ReviewStep {
    let engine: Engine

    func run(
        _ loaded: LoadedSite, _ prepared: Prepared, statuses: [LocaleStatus], diagnostics: [Diagnostic],
        artifacts: [Artifact], prints: [Fingerprint]
    ) -> Artifact {
        var shown: [String: [String]] = [:]
        // What each locale's column reads of the artifacts: which pages show which strings.
        var appearances: [LocaleID: FingerprintBuilder] = [:]
        for (artifact, print) in zip(artifacts, prints) where ReviewPage.showsStrings(artifact) {
            let strings = engine.value(BuildSteps.readStrings, print) { ReviewPage.strings(in: artifact) }
            shown[artifact.path] = strings
            guard let locale = artifact.locale else { continue }
            var key = appearances[locale] ?? FingerprintBuilder("review-appearances")
            key.add(artifact.path)
            key.add(artifact.kind.rawValue)
            key.add(artifact.sample)
            key.add(artifact.template)
            for string in strings { key.add(string) }
            appearances[locale] = key
        }
        let appearancePrints = appearances.mapValues { $0.finish() }
        var key = FingerprintBuilder("review")
        key.add(LocalizationStep.key(loaded))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        key.add([UInt8]((try? encoder.encode(diagnostics)) ?? Data()))
        for status in statuses { key.add(String(describing: status)) }
        // The page reads each artifact's place and the strings it shows: all within its fingerprint.
        key.add(prints)
        return engine.persistentValue(BuildSteps.renderReview, key.finish()) {
            let page = ReviewPage(
                site: loaded.site, input: LocalizationStep(engine: engine).input(loaded, prepared),
                statuses: statuses, diagnostics: diagnostics, artifacts: artifacts,
                shown: shown)
            // A locale's cells read its strings (through its fallback chain), the source's keys,
            // the findings at its strings and the pages that show them: an edit makes again the
            // columns of the locales it touched.
            let source = loaded.site.config.locales.defaultLocale
            let locales = loaded.site.buildLocales
            let shared = LocalizationStep.sharedKey(loaded)
            let columns = locales.parallelMap { locale in
                var key = FingerprintBuilder("review-column")
                key.add(shared)
                key.add(locale.rawValue)
                key.add(loaded.prints.chain(locale))
                key.add(loaded.prints.chain(source))
                for fact in page.findingFacts(locale) { key.add(fact) }
                key.add(appearancePrints[locale] ?? Fingerprint(high: 0, low: 0))
                return engine.value(BuildSteps.reviewColumn, key.finish()) { page.column(locale) }
            }
            return page.artifact(columns: Dictionary(uniqueKeysWithValues: zip(locales, columns)))
        }
    }
}
