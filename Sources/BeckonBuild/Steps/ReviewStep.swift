import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import BeckonReview
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
        for (artifact, print) in zip(artifacts, prints) where ReviewPage.showsStrings(artifact) {
            shown[artifact.path] = engine.value("read.strings", print) { ReviewPage.strings(in: artifact) }
        }
        var key = FingerprintBuilder("review")
        key.add(LocalizationStep.key(loaded))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        key.add([UInt8]((try? encoder.encode(diagnostics)) ?? Data()))
        for status in statuses { key.add(String(describing: status)) }
        for artifact in artifacts {
            key.add(artifact.path)
            key.add(artifact.kind.rawValue)
            key.add(artifact.locale?.rawValue)
            key.add(artifact.sample)
            key.add(artifact.contentType)
            key.add(artifact.template)
            for string in shown[artifact.path] ?? [] { key.add(string) }
        }
        return engine.persistentValue("render.review", key.finish()) {
            ReviewPage(
                site: loaded.site, input: LocalizationStep(engine: engine).input(loaded, prepared),
                statuses: statuses, diagnostics: diagnostics, artifacts: artifacts,
                strings: { shown[$0.path] ?? [] }
            ).artifact()
        }
    }
}
