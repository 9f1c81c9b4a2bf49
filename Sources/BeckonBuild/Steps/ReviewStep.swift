import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
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
        // Where each locale's strings appear: its artifacts that show strings, by fingerprint
        // (which holds their place, and their content, which decides the strings they show).
        var appearances: [LocaleID: [Fingerprint]] = [:]
        let showing = zip(artifacts, prints).filter { ReviewPage.showsStrings($0.0) }
        let strings = showing.parallelMap { artifact, print in
            engine.value(BuildSteps.readStrings, BuildSteps.readStrings.key(print)) {
                ReviewPage.strings(in: artifact)
            }
        }
        for ((artifact, print), strings) in zip(showing, strings) {
            shown[artifact.path] = strings
            guard let locale = artifact.locale else { continue }
            appearances[locale, default: []].append(print)
        }
        // What the page reads besides the site's files, published: the findings, each locale's
        // status, each artifact (its place and the strings it shows are in its fingerprint), and
        // where each locale's strings appear.
        let findings = engine.publish("review.findings", diagnostics)
        // Described (through reflection) only for an engine that compares what it publishes.
        let statusList = engine.publish(
            "review.statuses", engine.comparesPublished ? statuses.map { String(describing: $0) } : [])
        let artifactList = engine.publish("review.artifacts", prints)
        let locales = loaded.site.buildLocales
        let appearing = Dictionary(
            uniqueKeysWithValues: locales.map {
                ($0, engine.publish("review.appearances.\($0)", appearances[$0] ?? []))
            })
        let inputs = loaded.inputs
        return engine.persistentValue(BuildSteps.renderReview, BuildSteps.renderReview.key()) {
            inputs.record(.config, .run, .templates, .layouts, .cardLayouts, .bundles)
            for locale in loaded.sourceHashes.keys { inputs.record(.lockedSources(locale)) }
            _ = (findings.value, statusList.value, artifactList.value)
            let page = ReviewPage(
                site: loaded.site, input: LocalizationStep(engine: engine).input(loaded, prepared),
                statuses: statuses, diagnostics: diagnostics, artifacts: artifacts,
                shown: shown)
            // A locale's cells read its strings (through its fallback chain), the source's keys,
            // the findings at its strings and the pages that show them: an edit makes again the
            // columns of the locales it touched.
            let source = loaded.site.config.locales.defaultLocale
            let columns = locales.parallelMap { locale in
                let facts = engine.publish("review.finding-facts.\(locale)", page.findingFacts(locale))
                return engine.value(BuildSteps.reviewColumn, BuildSteps.reviewColumn.key(locale)) {
                    LocalizationStep.recordShared(inputs)
                    inputs.record(.chain(locale), .chain(source), .lockedSources(locale))
                    _ = (facts.value, appearing[locale]?.value)
                    return page.column(locale)
                }
            }
            return page.artifact(columns: Dictionary(uniqueKeysWithValues: zip(locales, columns)))
        }
    }
}
