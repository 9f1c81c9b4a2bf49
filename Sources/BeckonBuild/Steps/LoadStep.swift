import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonLocalization
import BeckonRender
import BeckonSite
import Foundation

/// Loads the site, then parses each bundle and compiles the layouts through the engine, so a run
/// after an edit parses only the files that changed.
struct LoadStep {
    let engine: Engine
    let options: BuildOptions
    let sources: SourceStore

    /// The loaded site, or `nil` when loading failed; every diagnostic either way.
    func run() -> (LoadedSite?, [Diagnostic]) {
        let (loaded, siteDiagnostics) = SiteLoader(
            root: options.site, sources: sources, environment: options.environment
        ).load(
            locales: options.locales)
        var diagnostics = siteDiagnostics
        guard var site = loaded, !diagnostics.containsErrors else { return (nil, diagnostics) }
        if let invite = options.invite { site.config.samples = [invite] }
        // The load steps record the files they read; an engine that keeps reads fingerprints them here.
        let lockText =
            (try? String(contentsOf: site.root.appendingPathComponent(TranslationLock.path), encoding: .utf8)) ?? ""
        let run = SiteInputs.RunOptions(
            locales: options.locales, pseudo: options.pseudo, sendDate: options.sendDate,
            environment: options.environment)
        let files = SiteInputs(site: site, run: run, lockText: lockText, fingerprinted: engine.comparesPublished)
        engine.provide(SiteInputs.kind) { [files] in files.fingerprint(of: $0) }
        // The layouts, the lock's text and each bundle are parsed on every core at once, the
        // longest first; the catalog and the lock's update wait for the bundles.
        let (parsed, layoutResult, recorded) = parse(site, lockText, files)
        let (loadedCatalog, catalogDiagnostics) = catalog(site, parsed, files)
        let (lock, sourceHashes) = self.lock(recorded, loadedCatalog, files)
        let (layouts, layoutDiagnostics) = layoutResult
        var catalog = loadedCatalog
        if options.pseudo { (site, catalog) = Pipeline.addingPseudoLocales(site, catalog) }
        // Steps record the strings they look up; the engine fingerprints them in this catalog.
        for kind in [Catalog.string, Catalog.sourceString, Catalog.sourceKeyList] {
            engine.provide(kind) { [catalog] in catalog.fingerprint(of: $0) }
        }
        diagnostics += catalogDiagnostics + layoutDiagnostics
        let inputs = files.loaded(catalog, sourceHashes: sourceHashes)
        engine.provide(SiteInputs.kind) { [inputs] in inputs.fingerprint(of: $0) }
        let loadedSite = LoadedSite(
            site: site, catalog: catalog, layouts: layouts, inputs: inputs, lock: lock, sourceHashes: sourceHashes)
        return (loadedSite, diagnostics)
    }

    /// `locales/translations.lock` brought up to date with the catalog (before pseudo-locales are
    /// added: they are generated, never translated).
    private func lock(
        _ recorded: TranslationLock, _ catalog: Catalog, _ files: SiteInputs
    ) -> (TranslationLock, [LocaleID: [MessageKey: String]]) {
        engine.value(BuildSteps.loadLock, BuildSteps.loadLock.key()) {
            files.record(.translationLock, .bundles, .config)
            let updated = recorded.updated(catalog)
            return (updated.lock, updated.sourceHashes)
        }
    }

    /// One piece of loading that reads one file or one kind of file.
    private enum Job: Sendable {
        case layouts
        case lock
        case bundle(LocaleID, SourceText)
    }

    /// What a `Job` made.
    private enum Parsed: Sendable {
        case layouts((LayoutLibrary, [Diagnostic]))
        case lock(TranslationLock)
        case bundle(LocaleID, (LocaleBundle, [Diagnostic]))
    }

    /// Each bundle, the layouts and the lock's text parsed, each a step of its own (an edited
    /// bundle is parsed again, the others are reused), all on every core at once. The layouts
    /// take longest (compiling templates), then the lock (a line per translated string), then
    /// the bundles by size: the last job to start is a short one.
    private func parse(
        _ site: Site, _ lockText: String, _ files: SiteInputs
    ) -> (
        bundles: [LocaleID: (LocaleBundle, [Diagnostic])], layouts: (LayoutLibrary, [Diagnostic]), lock: TranslationLock
    ) {
        let bundles = site.bundleSources.sorted {
            ($0.value.text.utf8.count, $1.key) > ($1.value.text.utf8.count, $0.key)
        }
        let jobs: [Job] = [.layouts, .lock] + bundles.map { .bundle($0.key, $0.value) }
        let engine = self.engine
        let results = jobs.parallelMap { job -> Parsed in
            switch job {
            case .layouts: return .layouts(self.layouts(site, files))
            case .lock:
                return .lock(
                    engine.value(BuildSteps.parseLock, BuildSteps.parseLock.key()) {
                        files.record(.translationLock)
                        return TranslationLock(text: lockText)
                    })
            case .bundle(let locale, let source):
                return .bundle(
                    locale,
                    engine.value(BuildSteps.parseBundle, BuildSteps.parseBundle.key(locale, source.path)) {
                        InputID(SiteInputs.kind, name: source.path).record()
                        return LocaleBundle.parse(source, locale: locale)
                    })
            }
        }
        var parsedBundles: [LocaleID: (LocaleBundle, [Diagnostic])] = [:]
        var layouts: (LayoutLibrary, [Diagnostic])?
        var lock: TranslationLock?
        for result in results {
            switch result {
            case .bundle(let locale, let parsed): parsedBundles[locale] = parsed
            case .layouts(let compiled): layouts = compiled
            case .lock(let read): lock = read
            }
        }
        // Both are among the jobs.
        return (parsedBundles, layouts!, lock!)
    }

    /// The catalog of the parsed bundles and its plural-category findings, once per set of
    /// bundles; the bundles' own findings in locale order.
    private func catalog(
        _ site: Site, _ parsed: [LocaleID: (LocaleBundle, [Diagnostic])], _ files: SiteInputs
    ) -> (Catalog, [Diagnostic]) {
        engine.value(BuildSteps.loadCatalog, BuildSteps.loadCatalog.key()) {
            files.record(.config, .bundles)
            let diagnostics = parsed.keys.sorted().flatMap { parsed[$0]!.1 }
            let catalog = Catalog(locales: site.config.locales, bundles: parsed.mapValues(\.0))
            return (catalog, diagnostics + catalog.pluralCategoryDiagnostics())
        }
    }

    private func layouts(_ site: Site, _ files: SiteInputs) -> (LayoutLibrary, [Diagnostic]) {
        engine.value(BuildSteps.loadLayouts, BuildSteps.loadLayouts.key()) {
            files.record(.layouts)
            return LayoutLibrary.load(site.layouts)
        }
    }
}
