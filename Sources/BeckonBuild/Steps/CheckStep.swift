import BeckonChecks
import BeckonDiagnostics
import BeckonEngine
import BeckonRender

/// Checks the rendered artifacts: each page is parsed once per content, the page, text and image
/// rules run per artifact, the site rules over all of them, and the catalog rules over the
/// bundles — each through the engine, so an unchanged artifact is not checked again. With
/// `releasesDocuments` (a streaming build), a parsed page is let go as soon as the rules that read
/// it have run, and parsed again only for a later rule that needs it: memory holds facts, not trees.
struct CheckStep {
    let engine: Engine
    let progress: ProgressHandler?
    var releasesDocuments = false

    func run(_ rendered: RenderResult, _ loaded: LoadedSite, _ prepared: Prepared) -> [Diagnostic] {
        let artifacts = rendered.artifacts
        let checker = prepared.checker
        // The checks are keyed by what they check; the settings the checker was made from are read.
        var contextKey = FingerprintBuilder("check-context")
        contextKey.add(prepared.online)
        let context = contextKey.finish()
        let settings = loaded.prints.inputs(.config) + loaded.prints.inputs(.run)
        @Sendable func readSettings() {
            for input in settings { input.record() }
        }
        let counter = ProgressCounter(total: artifacts.count, phase: "checking", handler: progress)
        // Facts (a parsed page, a text's links, a message read back) are read only when a check
        // that needs them has to run, and then once per content.
        @Sendable func facts(_ artifact: Artifact, _ print: Fingerprint) -> ArtifactFacts {
            engine.value(BuildSteps.readFacts, print) { ArtifactFacts(artifact) }
        }
        let checked = Array(zip(artifacts, rendered.fingerprints)).parallelMap {
            artifact, print -> (Fingerprint, [Diagnostic]) in
            defer { counter.increment() }
            guard artifact.origin != nil else { return (print, []) }
            var key = FingerprintBuilder("check-artifact")
            key.add(print)
            key.add(context)
            let diagnostics = engine.persistentValue(BuildSteps.checkArtifact, key.finish()) {
                readSettings()
                // Let go of the tree once its rules ran (and only when it was parsed for them: a
                // result from the cache parses nothing).
                let page = facts(artifact, print).page
                defer { if releasesDocuments { page?.releaseDocument() } }
                return checker.check(artifact, page: page)
            }
            return (print, diagnostics)
        }
        var diagnostics = checked.flatMap(\.1)
        // Link rules run per artifact and page rules that read the site per page: after an edit,
        // only the changed artifacts are checked again, as long as what the rules read of the rest
        // (the paths, the ids, the assets) stayed the same. The rules that look at the whole site
        // run whenever any artifact changed; they read facts kept per page.
        func checkSite() -> [Diagnostic] {
            let prints = checked.map(\.0)
            let all = engine.measure("check: facts") {
                Array(zip(artifacts, prints)).parallelMap { artifact, print in facts(artifact, print) }
            }
            let site = engine.measure("check: site") { CheckedSite(artifacts, facts: all) }
            let reads = engine.measure("check: reads") { Self.readsKey(site, prints: prints, checker.artifactReads) }
            let links = Array(zip(artifacts, prints)).parallelMap { artifact, print -> [Diagnostic] in
                guard artifact.origin != nil else { return [] }
                var key = FingerprintBuilder("check-across")
                key.add(print)
                key.add(context)
                key.add(reads)
                // An email's HTML is read again by the email rules below, which let it go then.
                defer {
                    if releasesDocuments, artifact.kind != .emailHTML { site.pages[artifact.path]?.releaseDocument() }
                }
                return engine.value(BuildSteps.checkAcross, key.finish()) {
                    readSettings()
                    return checker.checkAcrossSite(artifact, in: site)
                }
            }
            // Email rules run per email, keyed by its files (and the static assets' sizes).
            let printsByPath = Dictionary(
                zip(artifacts.map(\.path), prints).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
            var assetsKey = FingerprintBuilder("asset-sizes")
            for (path, size) in site.assetSizes.sorted(by: { $0.key < $1.key }) {
                assetsKey.add(path)
                assetsKey.add(size)
            }
            let assets = assetsKey.finish()
            let emails = site.emails.parallelMap { email -> [Diagnostic] in
                var key = FingerprintBuilder("check-email")
                key.add(context)
                key.add(assets)
                for file in [email.html, email.text, email.message] {
                    key.add(file.flatMap { printsByPath[$0.path] } ?? Fingerprint(high: 0, low: 0))
                }
                defer { if releasesDocuments { email.page?.releaseDocument() } }
                return engine.value(BuildSteps.checkEmail, key.finish()) {
                    readSettings()
                    return checker.checkEmail(email, in: site)
                }
            }
            let whole = engine.measure("check: whole-site rules") { checker.checkWholeSite(site) }
            return links.flatMap { $0 } + emails.flatMap { $0 } + whole
        }
        if prepared.online {
            diagnostics += checkSite()
        } else {
            var siteKey = FingerprintBuilder("check-site")
            siteKey.add(context)
            siteKey.add(checked.map(\.0))
            diagnostics += engine.persistentValue(BuildSteps.checkSite, siteKey.finish()) {
                readSettings()
                return checkSite()
            }
        }
        return diagnostics
    }

    /// The fingerprint of what the link and page rules read of the site: every output path, every
    /// page's ids and `hreflang` alternates, every static asset's content; `prints` are the
    /// artifacts' fingerprints, in order.
    static func readsKey(_ site: CheckedSite, prints: [Fingerprint], _ reads: SiteReads) -> Fingerprint {
        var key = FingerprintBuilder("site-reads")
        if reads.contains(.assets) {
            for (artifact, print) in zip(site.artifacts, prints) where artifact.kind == .asset {
                key.add(artifact.path)
                key.add(print)
            }
        }
        if reads.contains(.paths) {
            for path in site.paths.sorted() { key.add(path) }
        }
        let pages = reads.isDisjoint(with: [.alternates, .anchors]) ? [] : site.pages.keys.sorted()
        if reads.contains(.alternates) {
            for path in pages {
                key.add(path)
                key.add(site.pages[path]!.alternatesSignature)
            }
        }
        if reads.contains(.anchors) {
            for path in pages {
                key.add(path)
                for anchor in site.pages[path]!.anchors.sorted() { key.add(anchor) }
            }
        }
        return key.finish()
    }
}
