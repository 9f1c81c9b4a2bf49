import BeckonChecks
import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
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
        // The checks are keyed by what they check (and whether links are checked online); the
        // settings the checker was made from are read.
        let online = prepared.online
        let inputs = loaded.inputs
        @Sendable func readSettings() {
            inputs.record(.config, .run)
        }
        let counter = ProgressCounter(total: artifacts.count, phase: "checking", handler: progress)
        // Facts (a parsed page, a text's links, a message read back) are read only when a check
        // that needs them has to run, and then once per content.
        @Sendable func facts(_ artifact: Artifact, _ print: Fingerprint) -> ArtifactFacts {
            engine.value(BuildSteps.readFacts, print) { ArtifactFacts(artifact) }
        }
        // The link and page rules across the site read facts, not trees: a streaming build lets
        // go of each tree once its facts are read, as the checks of each file below do (after an
        // edit, every page whose checks were reused is parsed for the site rules). An email's is
        // kept for the email rules, which let it go.
        @Sendable func siteFacts(_ artifact: Artifact, _ print: Fingerprint) -> ArtifactFacts {
            let found = facts(artifact, print)
            if releasesDocuments, artifact.kind != .emailHTML { found.page?.releaseDocument() }
            return found
        }
        // Each file's facts, when its checks read them, are handed on to the site rules below
        // with its findings: the site rules then ask the engine only for the facts of files whose
        // checks were reused (rather than every file's again, on all cores, one lock).
        // A file with no checks of its own (a static asset) is read here too, for the site rules:
        // an image is decoded to measure its colours (a logo's contrast), the slowest file to
        // read, so the assets are started first rather than left to one core at the end.
        let checked = Array(zip(artifacts, rendered.fingerprints)).parallelMap(startingWith: {
            $0.0.kind == .asset
        }) { artifact, print -> (Fingerprint, [Diagnostic], ArtifactFacts?) in
            defer { counter.increment() }
            guard artifact.origin != nil else { return (print, [], siteFacts(artifact, print)) }
            var read: ArtifactFacts?
            // The key is worked out only where the result is kept (`Engine.value`).
            let step = BuildSteps.checkArtifact
            let diagnostics = engine.persistentValue(step, step.key(print, online)) {
                readSettings()
                // Let go of the tree once its rules ran (and only when it was parsed for them: a
                // result from the cache parses nothing).
                let found = facts(artifact, print)
                read = found
                let page = found.page
                defer { if releasesDocuments { page?.releaseDocument() } }
                return checker.check(artifact, page: page)
            }
            return (print, diagnostics, read)
        }
        var diagnostics = checked.flatMap(\.1)
        // Link rules run per artifact and page rules that read the site per page: after an edit,
        // only the changed artifacts are checked again, as long as what the rules read of the rest
        // (the paths, the ids, the assets) stayed the same. The rules that look at the whole site
        // run whenever any artifact changed; they read facts kept per page.
        func checkSite() -> [Diagnostic] {
            let prints = checked.map(\.0)
            let all = engine.measure("check: facts") {
                // Only the missing facts are read, on every core; each file's facts are copied
                // once (they are large: copying them costs more than looking at them).
                let missing = checked.indices.filter { checked[$0].2 == nil }
                var fetched = missing.parallelMap { siteFacts(artifacts[$0], checked[$0].0) }.makeIterator()
                var all: [ArtifactFacts] = []
                all.reserveCapacity(checked.count)
                for entry in checked { all.append(entry.2 ?? fetched.next()!) }
                return all
            }
            // The site, and what the link and page rules read of the rest of it (a page's rules
            // run again only when that changed, not whenever another page did), are gathered at
            // once, each pass on a core of its own. An engine that compares no reads needs only
            // the site.
            let reading = checker.artifactReads
            let (site, read): (CheckedSite, (SiteReadFacts, Fingerprint)?) = engine.measure("check: site") {
                guard engine.comparesPublished else { return (CheckedSite(artifacts, facts: all), nil) }
                let (site, read) = inParallel(
                    { CheckedSite(artifacts, facts: all) },
                    { () -> (SiteReadFacts, Fingerprint) in
                        let read = SiteReadFacts(artifacts, facts: all, prints: prints, reading)
                        return (read, Engine.fingerprint(ofPublished: read))
                    })
                return (site, read)
            }
            let reads = read.map { engine.publish("check.site-reads", $0, fingerprint: $1) }
            let links = Array(zip(artifacts, prints)).parallelMap { artifact, print -> [Diagnostic] in
                guard artifact.origin != nil else { return [] }
                return engine.value(BuildSteps.checkAcross, BuildSteps.checkAcross.key(print, online)) {
                    readSettings()
                    _ = reads?.value
                    return checker.checkAcrossSite(artifact, in: site)
                }
            }
            // Email rules run per email, keyed by its files (and the static assets' sizes).
            let printsByPath =
                site.emails.isEmpty
                ? [:]
                : Dictionary(
                    zip(artifacts.map(\.path), prints).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
            let assetSizes = engine.publish("check.asset-sizes", site.assetSizes)
            let emails = site.emails.parallelMap { email -> [Diagnostic] in
                let files = [email.html, email.text, email.message].map { $0.flatMap { printsByPath[$0.path] } }
                defer { if releasesDocuments { email.page?.releaseDocument() } }
                return engine.value(BuildSteps.checkEmail, BuildSteps.checkEmail.key(files, online)) {
                    readSettings()
                    _ = assetSizes.value
                    return checker.checkEmail(email, in: site)
                }
            }
            let whole = engine.measure("check: whole-site rules") { checker.checkWholeSite(site) }
            return links.flatMap { $0 } + emails.flatMap { $0 } + whole
        }
        if prepared.online {
            diagnostics += checkSite()
        } else {
            let key = BuildSteps.checkSite.key(checked.map(\.0), online)
            diagnostics += engine.persistentValue(BuildSteps.checkSite, key) {
                readSettings()
                return checkSite()
            }
        }
        // Nothing after the checks reads the files' facts: an engine that kept them lets go of
        // them (for one run without a cache it keeps none), and they are freed beside the next
        // phase.
        engine.letGo(BuildSteps.readFacts)
        releaseBeside(checked)
        return diagnostics
    }
}
