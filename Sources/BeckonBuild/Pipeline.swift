import BeckonChecks
import BeckonDiagnostics
import BeckonEmail
import BeckonEngine
import BeckonInvitePages
import BeckonLocalization
import BeckonMessages
import BeckonRecords
import BeckonRender
import BeckonReview
import BeckonServing
import BeckonSite
import BeckonWeb
import Foundation

/// The build, as a sequence of named steps (`Steps/`) run on an incremental engine: load the site
/// → prepare (links, tokens, cards, checker, template validation) → render every page, email,
/// card and site file → check the rendered bytes → localization rules and the review page → write
/// atomically. Each step's results are memoized by the fingerprint of what it read, so the same
/// `Pipeline` engine run again after an edit (`beckon preview`) redoes only what the edit touched,
/// and with `--cache DIR` a second process reuses the first one's work.
public struct Pipeline: Sendable {
    public let options: BuildOptions
    public let sources: SourceStore
    let progress: ProgressHandler?
    /// The memo of every step; keep one across runs to rebuild incrementally.
    public let engine: Engine

    public init(
        options: BuildOptions, sources: SourceStore = SourceStore(), progress: ProgressHandler? = nil,
        engine: Engine = Engine()
    ) {
        self.options = options
        self.sources = sources
        self.progress = progress
        self.engine = engine
    }

    /// Runs the build and returns its finalized report.
    public func run() async -> BuildResult {
        let start = Date()
        // The records of packed steps (the checks' findings) go to disk once, whatever the end.
        defer { engine.cache?.writePacks() }
        // An import killed between its renames is finished (or rolled back) before any bundle is read.
        if BundleJournal.needsRecovery(siteRoot: options.site) {
            do {
                try BundleJournal.recover(siteRoot: options.site)
            } catch {
                return BuildResult(
                    report: DiagnosticReport([error]), artifacts: [], wrote: false, output: options.outputFolder,
                    seconds: Date().timeIntervalSince(start), locales: [])
            }
        }
        let writer = OutputWriter(output: options.outputFolder, site: options.site)
        if options.write, let problem = writer.safetyProblem() {
            return BuildResult(
                report: DiagnosticReport([problem]), artifacts: [], wrote: false, output: options.outputFolder,
                seconds: Date().timeIntervalSince(start), locales: [])
        }
        // A streaming build writes each file to the staging folder as soon as it is made.
        let staging = options.write && options.streamsOutput ? try? writer.openStaging() : nil
        let outcome = await renderAndCheck(streamingTo: staging)
        // A streaming build's engine serves no later run: the facts its checks kept are freed
        // on another thread while the manifest is made and the files are written.
        if options.streamsOutput { engine.releaseResults(inBackground: true) }
        let artifacts = outcome.artifacts
        var report = DiagnosticReport(outcome.diagnostics).finalized(
            overrides: outcome.overrides, strict: options.strict)
        var wrote = false
        let writes = options.write && !artifacts.isEmpty && (!report.hasErrors || options.keepGoing)
        // The lock's text (a line per translated string) is made on another core while the
        // manifest is made and the files are written.
        async let lockText = writes ? outcome.lock.map(\.text) : nil
        if writes {
            // Read back from the cache with the files it lists, else made here.
            let json =
                outcome.manifestFile.flatMap { stored in
                    FileBytes.read(stored.folder.path + "/" + stored.file, count: stored.count).map(ManifestJSON.init)
                } ?? Manifest.json(of: artifacts)
            if writer.isUpToDate(artifacts, json: json) {
                writer.keepOutput(discarding: staging, outputMatches: true)
                wrote = true
            } else if let problem = writer.write(artifacts, json: json, staging: staging) {
                report.append(problem)
                report = report.finalized(overrides: outcome.overrides, strict: options.strict)
            } else {
                wrote = true
            }
        } else {
            writer.keepOutput(discarding: staging)
        }
        if wrote, let lock = outcome.lock,
            let problem = TranslationLockFile.write(lock, text: await lockText ?? lock.text, site: options.site)
        {
            report.append(problem)
            report = report.finalized(overrides: outcome.overrides, strict: options.strict)
        }
        var result = BuildResult(
            report: report, artifacts: artifacts.sorted { $0.path < $1.path }, wrote: wrote,
            output: options.outputFolder, seconds: Date().timeIntervalSince(start), locales: outcome.locales,
            localization: outcome.localization, steps: outcome.steps)
        result.explanations = outcome.explanations
        result.invitePages = outcome.invitePages
        return result
    }

    /// What rendering and checking produced.
    struct Outcome {
        var artifacts: [Artifact] = []
        var diagnostics: [Diagnostic]
        var locales: [String] = []
        var localization: [LocaleStatus] = []
        var overrides: [RuleID: Severity?] = [:]
        var steps = StepStats()
        /// The translation lock brought up to date, written after the output.
        var lock: TranslationLock?
        /// Why files were rendered again or reused, by path (`BuildOptions.explain`).
        var explanations: [String: String] = [:]
        /// The site's pages for invites outside the samples.
        var invitePages: InvitePages?
        /// `manifest.json` of the artifacts, as a cache keeps it (`BuildOutcome.manifestFile`).
        var manifestFile: (folder: ArtifactFolder, file: String, count: Int)?
    }

    /// Everything but writing: the artifacts, every diagnostic, the locales built and their status.
    /// With `staging`, each rendered file is written there at once and read back from it.
    func renderAndCheck(streamingTo staging: OutputStaging? = nil) async -> Outcome {
        // Why each result was computed or reused is noted only when a file is to be explained.
        engine.beginRun(notingReasons: options.explain != .none)
        // The run's inputs are its own: another run on the same engine, at the same time, for
        // another invite or site, never checks reads against them.
        var outcome = await engine.withOwnInputs { await steps(staging) }
        // A run that stopped before rendering keeps what earlier runs made, for the run after the fix.
        engine.endRun(pruning: !outcome.artifacts.isEmpty)
        outcome.steps = engine.stats
        return outcome
    }

    private func steps(_ staging: OutputStaging?) async -> Outcome {
        // The key is taken in the phase too: `BECKON_STEP_STATS` shows what a miss costs.
        let (indexKey, indexed) = await engine.phase("whole build by bytes") {
            let key = WholeBuildIndex.key(options, cached: engine.cache != nil)
            return (key, key.flatMap(wholeBuild(indexedBy:)))
        }
        if let indexed { return indexed }
        let (loaded, loadDiagnostics) = await engine.phase("load") {
            LoadStep(engine: engine, options: options, sources: sources).run()
        }
        var diagnostics = loadDiagnostics
        guard let loaded else { return Outcome(diagnostics: diagnostics) }
        let site = loaded.site
        let catalog = loaded.catalog
        diagnostics += catalog.fallbackDiagnostics(buildLocales: site.buildLocales)
        // A bundle that did not parse would make every string it holds look missing.
        let locales = site.buildLocales.map(\.rawValue)
        if diagnostics.contains(where: { $0.rule == "yaml.syntax" }) {
            return Outcome(diagnostics: diagnostics, locales: locales)
        }
        let (prepared, preparedDiagnostics) = await engine.phase("prepare") {
            await PrepareStep(engine: engine, options: options).run(loaded)
        }
        diagnostics += preparedDiagnostics
        func status() -> [LocaleStatus] {
            site.buildLocales.map { LocaleStatus.make($0, catalog: catalog, diagnostics: diagnostics) }
        }
        guard !diagnostics.containsErrors else {
            return Outcome(
                diagnostics: diagnostics, locales: locales, localization: status(), overrides: prepared.overrides)
        }
        let earlier = diagnostics
        let (made, producers, outcomeKey) = await make(loaded, prepared, staging, before: diagnostics)
        let artifacts = made.artifacts
        diagnostics += made.diagnostics
        let statuses = status()
        diagnostics += made.servingDiagnostics
        // The next build of the same bytes finds the record through the index, unless this one
        // brings the translation lock up to date (its bytes are then another site's).
        if let indexKey, let outcomeKey, !TranslationLockFile.needsWriting(loaded.lock, site: options.site),
            let record = engine.storedRecord(BuildSteps.outcome, outcomeKey)
        {
            engine.store(
                BuildSteps.index, indexKey,
                WholeBuildIndex(
                    outcomeKey: outcomeKey, record: record, earlierFindings: earlier, locales: locales,
                    localization: statuses, overrides: prepared.overrides))
        }
        let explainer = RenderExplanation(
            stats: engine.stats, catalog: catalog, cached: engine.cache != nil)
        return Outcome(
            artifacts: artifacts, diagnostics: diagnostics, locales: locales, localization: statuses,
            overrides: prepared.overrides, lock: loaded.lock,
            explanations: RenderExplanation.explanations(
                options.explain, producers: producers, artifacts: artifacts.map(\.path), explainer: explainer),
            invitePages: InvitePages(
                renderer: prepared.pages, checker: prepared.checker, cards: prepared.cards,
                emails: prepared.emails, overrides: prepared.overrides,
                strict: options.strict, inputs: loaded.inputs, messages: prepared.messages),
            manifestFile: made.manifestFile)
    }

    /// Renders, checks and reviews the site: with a cache on disk, as one step keyed by every
    /// input of the site and the run (`BuildOutcome`), so a build in which nothing changed reads
    /// one record instead of one per file and check. Without one, with `--explain` (which names
    /// the step behind each file), with online link checks (whose answers change on their own)
    /// or for a real send (dated now: never the same twice), the steps inside are asked directly.
    /// `diagnostics` are the findings so far, which the review page lists with its own: they are
    /// part of the key, as some come from files the site's inputs leave out (a symbolic link under
    /// `static/`, a bundle of a locale the site does not list).
    /// Returns the key of the whole build's record when there is one.
    private func make(
        _ loaded: LoadedSite, _ prepared: Prepared, _ staging: OutputStaging?, before diagnostics: [Diagnostic]
    ) async -> (BuildOutcome, [String: RenderProducer], Fingerprint?) {
        guard engine.cache != nil, options.keepsWholeBuild, let whole = loaded.inputs.whole else {
            let (made, producers) = await makeEach(loaded, prepared, staging, before: diagnostics)
            return (made, producers, nil)
        }
        let key = BuildSteps.outcome.key(whole, options.strict, Fingerprint(encoding: diagnostics, label: "findings"))
        // A phase of its own: read back whole, it is the time the record took (`BECKON_STEP_STATS`).
        let made = await engine.phase("whole build") {
            await engine.persistentValue(BuildSteps.outcome, key) {
                await makeEach(loaded, prepared, staging, before: diagnostics).0
            }
        }
        return (made, [:], key)
    }

    /// The outcome of an earlier build of the same bytes, options and environment, read through
    /// the index (`WholeBuildIndex`) without loading the site; `nil` when the index or the record
    /// it names is missing, changed or unreadable. The files its findings point at are read into
    /// `sources`, for the report to quote.
    private func wholeBuild(indexedBy key: Fingerprint) -> Outcome? {
        guard let index = engine.storedValue(BuildSteps.index, key),
            let made = engine.storedValue(BuildSteps.outcome, index.outcomeKey, record: index.record)
        else { return nil }
        let diagnostics = index.earlierFindings + made.diagnostics + made.servingDiagnostics
        let reader = InputReader(root: options.site, sources: sources)
        for file in Set(diagnostics.compactMap(\.location?.file)).sorted() where sources.source(for: file) == nil {
            _ = reader.readText(file)
        }
        return Outcome(
            artifacts: made.artifacts, diagnostics: diagnostics, locales: index.locales,
            localization: index.localization, overrides: index.overrides, manifestFile: made.manifestFile)
    }

    /// Renders, checks and reviews the site step by step, with the step that made each file.
    private func makeEach(
        _ loaded: LoadedSite, _ prepared: Prepared, _ staging: OutputStaging?, before earlier: [Diagnostic]
    ) async -> (BuildOutcome, [String: RenderProducer]) {
        let site = loaded.site
        // The catalog's rules read the bundles and the samples, not the files: they run beside the
        // rendering and the checks, filling the moments those leave a core idle (loading a
        // template's parts, the rules across the site, the last files of a phase).
        async let localization = engine.phase("localization") {
            LocalizationStep(engine: engine).check(loaded, prepared)
        }
        let (rendered, producers) = await engine.phase("render") {
            RenderStep(engine: engine, progress: progress, staging: staging, namesProducers: options.explain != .none)
                .run(loaded, prepared)
        }
        // A streaming build draws no card after this: the checks get the memory of the backgrounds
        // and the fonts.
        if staging != nil { prepared.cards?.releaseAfterDrawing() }
        var artifacts = rendered.artifacts
        var diagnostics = rendered.diagnostics + Self.collisions(artifacts)
        diagnostics += await engine.phase("check") {
            CheckStep(engine: engine, progress: progress, releasesDocuments: staging != nil).run(
                rendered, loaded, prepared)
        }
        diagnostics += await localization
        let all = earlier + diagnostics
        let statuses = site.buildLocales.map { LocaleStatus.make($0, catalog: loaded.catalog, diagnostics: all) }
        let finalized = DiagnosticReport(all).finalized(overrides: prepared.overrides, strict: options.strict)
        let review = await engine.phase("review") {
            ReviewStep(engine: engine).run(
                loaded, prepared, statuses: statuses, diagnostics: finalized.diagnostics, artifacts: artifacts,
                prints: rendered.fingerprints)
        }
        artifacts.append(review)
        let serving = ServingFiles.artifacts(
            site.config.serving, config: site.config, locations: site.configLocations, locales: site.buildLocales,
            artifacts: artifacts)
        artifacts += serving.artifacts
        // In path order, as the manifest and the result list them (sorting them again is then one
        // pass); two files for one path keep their order, in which the last one is written.
        // Each path is read once, not at every comparison.
        let paths = artifacts.map(\.path)
        let inPathOrder = paths.indices.sorted { (paths[$0], $0) < (paths[$1], $1) }
        return (
            BuildOutcome(
                artifacts: inPathOrder.map { artifacts[$0] }, diagnostics: diagnostics,
                servingDiagnostics: serving.diagnostics),
            producers
        )
    }

    /// The site and catalog with `en-XA` and `ar-XB` generated from the source bundle.
    static func addingPseudoLocales(_ site: Site, _ catalog: Catalog) -> (Site, Catalog) {
        guard let source = catalog.sourceBundle else { return (site, catalog) }
        var site = site
        var bundles = catalog.bundles
        for locale in PseudoLocale.all where !site.buildLocales.contains(locale) {
            site.buildLocales.append(locale)
            site.config.locales.list.append(locale)
            bundles[locale] = PseudoLocale.bundle(locale, from: source)
        }
        return (site, Catalog(locales: site.config.locales, bundles: bundles))
    }

    /// Two artifacts written to one path (a static file where a page goes), or one written where
    /// the manifest goes.
    static func collisions(_ artifacts: [Artifact]) -> [Diagnostic] {
        var seen: [String: ArtifactKind] = [:]
        seen.reserveCapacity(artifacts.count)
        var diagnostics: [Diagnostic] = []
        for artifact in artifacts {
            if artifact.path == Manifest.fileName {
                diagnostics.append(
                    .error(
                        "build.path-collision",
                        "`\(Manifest.fileName)` is the build's manifest; this \(artifact.kind.rawValue) would be written over",
                        at: SourceLocation(file: artifact.template ?? "static/\(artifact.path)"),
                        fix: "Rename the file (a web app manifest can be `site.webmanifest`)."))
            }
            if let first = seen.updateValue(artifact.kind, forKey: artifact.path) {
                diagnostics.append(
                    .error(
                        "build.path-collision",
                        "`\(artifact.path)` would be written twice (\(first.rawValue) and \(artifact.kind.rawValue))",
                        at: SourceLocation(file: artifact.template ?? "static/\(artifact.path)"),
                        fix: "Move or rename the static file; generated pages own their paths."))
            }
        }
        return diagnostics
    }
}

extension [Diagnostic] {
    var containsErrors: Bool { contains { $0.severity == .error } }
}

/// Counts finished jobs across threads and reports them to a progress handler.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let phase: String
    private let handler: ProgressHandler?

    init(total: Int, phase: String, handler: ProgressHandler?) {
        self.total = total
        self.phase = phase
        self.handler = handler
    }

    func increment() {
        guard let handler else { return }
        let current = lock.withLock {
            done += 1
            return done
        }
        handler(current, total, phase)
    }
}
