import BeckonChecks
import BeckonDiagnostics
import BeckonEngine
import BeckonRender

/// Checks the rendered artifacts: each page is parsed once per content, the page, text and image
/// rules run per artifact, the site rules over all of them, and the catalog rules over the
/// bundles — each through the engine, so an unchanged artifact is not checked again.
struct CheckStep {
    let engine: Engine
    let progress: ProgressHandler?

    func run(_ rendered: RenderResult, _ loaded: LoadedSite, _ prepared: Prepared) -> [Diagnostic] {
        let artifacts = rendered.artifacts
        let checker = prepared.checker
        var contextKey = FingerprintBuilder("check-context")
        contextKey.add(loaded.prints.config)
        contextKey.add(loaded.prints.run)
        contextKey.add(prepared.online)
        let context = contextKey.finish()
        let counter = ProgressCounter(total: artifacts.count, phase: "checking", handler: progress)
        // Facts (a parsed page, a text's links, a message read back) are read only when a check
        // that needs them has to run, and then once per content.
        @Sendable func facts(_ artifact: Artifact, _ print: Fingerprint) -> ArtifactFacts {
            engine.value("read.facts", print) { ArtifactFacts(artifact) }
        }
        let checked = Array(zip(artifacts, rendered.fingerprints)).parallelMap {
            artifact, print -> (Fingerprint, [Diagnostic]) in
            defer { counter.increment() }
            guard artifact.origin != nil else { return (print, []) }
            var key = FingerprintBuilder("check-artifact")
            key.add(print)
            key.add(context)
            let diagnostics = engine.persistentValue("check.artifact", key.finish()) {
                checker.check(artifact, page: facts(artifact, print).page)
            }
            return (print, diagnostics)
        }
        var diagnostics = checked.flatMap(\.1)
        func checkSite() -> [Diagnostic] {
            let all = zip(artifacts, checked).map { ($0.0, $0.1.0) }.parallelMap { artifact, print in
                facts(artifact, print)
            }
            return checker.checkSite(CheckedSite(artifacts, facts: all))
        }
        if prepared.online {
            diagnostics += checkSite()
        } else {
            var siteKey = FingerprintBuilder("check-site")
            siteKey.add(context)
            siteKey.add(checked.map(\.0))
            diagnostics += engine.persistentValue("check.site", siteKey.finish(), compute: checkSite)
        }
        return diagnostics
    }
}
