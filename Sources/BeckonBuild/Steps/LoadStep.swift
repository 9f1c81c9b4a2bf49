import BeckonDiagnostics
import BeckonEngine
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
        var (catalog, catalogDiagnostics) = self.catalog(site)
        let (lock, sourceHashes) = self.lock(site, catalog)
        if options.pseudo { (site, catalog) = Pipeline.addingPseudoLocales(site, catalog) }
        // Steps record the strings they look up; the engine fingerprints them in this catalog.
        for kind in [Catalog.string, Catalog.sourceString, Catalog.sourceKeyList] {
            engine.provide(kind) { [catalog] in catalog.fingerprint(of: $0) }
        }
        let (layouts, layoutDiagnostics) = self.layouts(site)
        diagnostics += catalogDiagnostics + layoutDiagnostics
        let prints = SiteFingerprints(site: site, catalog: catalog, options: options)
        engine.provide(SiteFingerprints.kind) { [prints] in prints.fingerprint(of: $0) }
        let loadedSite = LoadedSite(
            site: site, catalog: catalog, layouts: layouts, prints: prints, lock: lock, sourceHashes: sourceHashes)
        return (loadedSite, diagnostics)
    }

    /// `locales/translations.lock` brought up to date with the catalog (before pseudo-locales are
    /// added: they are generated, never translated).
    private func lock(
        _ site: Site, _ catalog: Catalog
    ) -> (TranslationLock, [LocaleID: [MessageKey: String]]) {
        let url = site.root.appendingPathComponent(TranslationLock.path)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var key = FingerprintBuilder("translation-lock")
        key.add(text)
        for (locale, source) in site.bundleSources.sorted(by: { $0.key < $1.key }) {
            key.add(locale.rawValue)
            key.add(source.text)
        }
        key.add(catalog.locales.defaultLocale.rawValue)
        return engine.value(BuildSteps.loadLock, key.finish()) {
            let updated = TranslationLock(text: text).updated(catalog)
            return (updated.lock, updated.sourceHashes)
        }
    }

    /// Each bundle parsed once per text; the catalog and its plural-category findings once per set
    /// of bundles.
    private func catalog(_ site: Site) -> (Catalog, [Diagnostic]) {
        var key = FingerprintBuilder("catalog")
        let locales = site.config.locales
        key.add(locales.defaultLocale.rawValue)
        key.add(locales.list.map(\.rawValue).joined(separator: ","))
        for (locale, chain) in locales.fallback.sorted(by: { $0.key < $1.key }) {
            key.add(locale.rawValue + ":" + chain.map(\.rawValue).joined(separator: ","))
        }
        var bundles: [LocaleID: LocaleBundle] = [:]
        var diagnostics: [Diagnostic] = []
        for (locale, source) in site.bundleSources.sorted(by: { $0.key < $1.key }) {
            var bundleKey = FingerprintBuilder("bundle")
            bundleKey.add(locale.rawValue)
            bundleKey.add(source.path)
            bundleKey.add(source.text)
            let print = bundleKey.finish()
            key.add(print)
            let parsed = engine.value(BuildSteps.parseBundle, print) { LocaleBundle.parse(source, locale: locale) }
            bundles[locale] = parsed.0
            diagnostics += parsed.1
        }
        let catalog = engine.value(BuildSteps.loadCatalog, key.finish()) {
            let catalog = Catalog(locales: site.config.locales, bundles: bundles)
            return (catalog, catalog.pluralCategoryDiagnostics())
        }
        return (catalog.0, diagnostics + catalog.1)
    }

    private func layouts(_ site: Site) -> (LayoutLibrary, [Diagnostic]) {
        var key = FingerprintBuilder("layouts")
        for (name, source) in site.layouts.sorted(by: { $0.key < $1.key }) {
            key.add(name)
            key.add(source.path)
            key.add(source.text)
        }
        return engine.value(BuildSteps.loadLayouts, key.finish()) { LayoutLibrary.load(site.layouts) }
    }
}
