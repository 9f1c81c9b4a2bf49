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
        // Pages are parsed only when a check that reads them has to run.
        @Sendable func page(_ artifact: Artifact, _ print: Fingerprint) -> CheckedPage? {
            CheckedSite.isPage(artifact) ? engine.value("parse.page", print) { CheckedPage(artifact) } : nil
        }
        let checked = Array(zip(artifacts, rendered.fingerprints)).parallelMap {
            artifact, print -> (Fingerprint, [Diagnostic]) in
            defer { counter.increment() }
            guard artifact.origin != nil else { return (print, []) }
            var key = FingerprintBuilder("check-artifact")
            key.add(print)
            key.add(context)
            let diagnostics = engine.persistentValue("check.artifact", key.finish()) {
                checker.check(artifact, page: page(artifact, print))
            }
            return (print, diagnostics)
        }
        var diagnostics = checked.flatMap(\.1)
        func checkSite() -> [Diagnostic] {
            let pages = zip(artifacts, checked).filter { CheckedSite.isPage($0.0) }.parallelMap { artifact, result in
                page(artifact, result.0)
            }
            return checker.checkSite(CheckedSite(artifacts, pages: pages.compactMap { $0 }))
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
