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
        // The layouts read no bundle: they are compiled on one core while the other parses the
        // bundles and brings the translation lock up to date (each a third of loading a small site).
        let ((loadedCatalog, catalogDiagnostics, (lock, sourceHashes)), (layouts, layoutDiagnostics)) = inParallel(
            { [site] in
                let (catalog, diagnostics) = self.catalog(site, files)
                return (catalog, diagnostics, self.lock(site, catalog, lockText, files))
            },
            { [site] in self.layouts(site, files) })
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
        _ site: Site, _ catalog: Catalog, _ text: String, _ files: SiteInputs
    ) -> (TranslationLock, [LocaleID: [MessageKey: String]]) {
        engine.value(BuildSteps.loadLock, BuildSteps.loadLock.key()) {
            files.record(.translationLock, .bundles, .config)
            let updated = TranslationLock(text: text).updated(catalog)
            return (updated.lock, updated.sourceHashes)
        }
    }

    /// Each bundle parsed once per text; the catalog and its plural-category findings once per set
    /// of bundles (a bundle edited is parsed again, the others are reused).
    private func catalog(_ site: Site, _ files: SiteInputs) -> (Catalog, [Diagnostic]) {
        engine.value(BuildSteps.loadCatalog, BuildSteps.loadCatalog.key()) {
            files.record(.config, .bundles)
            var bundles: [LocaleID: LocaleBundle] = [:]
            var diagnostics: [Diagnostic] = []
            let sources = site.bundleSources.sorted(by: { $0.key < $1.key })
            let engine = self.engine
            // On every core, each bundle a step of its own.
            let parsed = sources.parallelMap { locale, source in
                engine.value(BuildSteps.parseBundle, BuildSteps.parseBundle.key(locale, source.path)) {
                    InputID(SiteInputs.kind, name: source.path).record()
                    return LocaleBundle.parse(source, locale: locale)
                }
            }
            for ((locale, _), (bundle, found)) in zip(sources, parsed) {
                bundles[locale] = bundle
                diagnostics += found
            }
            let catalog = Catalog(locales: site.config.locales, bundles: bundles)
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
