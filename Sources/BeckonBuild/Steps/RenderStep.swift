import BeckonEngine
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonWeb

/// Renders every page, email, card, share message and site file, each route through the engine:
/// a route's key is the fingerprint of the files it reads, so after an edit only the routes that
/// read the edited file render again. Routes render in parallel; results are reused from memory
/// (and from `--cache DIR`). In a streaming build each route's files go to the staging folder as
/// soon as they are made, and only their facts stay in memory.
struct RenderStep {
    let engine: Engine
    let progress: ProgressHandler?
    let staging: OutputStaging?

    /// The route's result, its files written to the staging folder when the build streams.
    private func streamed(_ result: RenderResult) -> RenderResult {
        staging?.stream(result.artifacts)
        return result
    }

    func run(_ loaded: LoadedSite, _ prepared: Prepared) -> RenderResult {
        let site = loaded.site
        let prints = loaded.prints
        let pageJobs = site.orderedTemplates.flatMap { template in
            prepared.pages.routes(for: template).map { (template, $0) }
        }
        let emailJobs = prepared.emails.routes()
        let cardJobs = prepared.cards?.routes() ?? []
        let counter = ProgressCounter(
            total: pageJobs.count + emailJobs.count + cardJobs.count, phase: "rendering", handler: progress)
        // A page or email reads only some strings of its locale: keyed by exactly those (their text,
        // where they are written and which locale supplied them), it renders again only when one
        // of them changes.
        let pageStrings = Dictionary(
            uniqueKeysWithValues: site.orderedTemplates.map { ($0.path, prepared.pages.stringKeys(for: $0)) })
        let emailStrings = Dictionary(
            uniqueKeysWithValues: site.emailTemplates.map { ($0.path, prepared.emails.stringKeys(for: $0)) })
        // The strings of a template in a locale are the same for every route: fingerprinted once.
        let stringPrints = StringPrints(catalog: loaded.catalog)
        let cardStrings = prepared.cards?.stringKeys ?? []
        let pages = pageJobs.parallelMap { template, route in
            defer { counter.increment() }
            var key = base(prints, route.locale, "page")
            key.add(stringPrints.print(pageStrings[template.path] ?? [], template.path, route.locale))
            key.add(prints.templates[template.path] ?? prints.config)
            key.add(prints.layouts)
            key.add(prints.cardLayouts)
            key.add(route.filePath)
            return streamed(
                engine.persistentValue(BuildSteps.renderPage, key.finish()) {
                    let (artifact, diagnostics) = prepared.pages.render(template, route: route)
                    return RenderResult(artifact.map { [$0] } ?? [], diagnostics)
                })
        }
        let emails = emailJobs.parallelMap { template, locale, sample in
            defer { counter.increment() }
            var key = base(prints, locale, "email")
            key.add(stringPrints.print(emailStrings[template.path] ?? [], template.path, locale))
            key.add(prints.templates[template.path] ?? prints.config)
            key.add(sample.id)
            return streamed(
                engine.persistentValue(BuildSteps.renderEmail, key.finish()) {
                    let (artifacts, diagnostics) = prepared.emails.artifacts(template, locale: locale, sample: sample)
                    return RenderResult(artifacts, diagnostics)
                })
        }
        let cards = cardJobs.parallelMap { locale, sample in
            defer { counter.increment() }
            // A card reads only its own strings of the bundles: keyed by them, not by the whole
            // chain, it is drawn again only when one of them changes.
            var key = FingerprintBuilder("card")
            key.add(prints.config)
            key.add(prints.run)
            key.add(locale.rawValue)
            key.add(prints.cardLayouts)
            key.add(prints.staticFiles)
            key.add(sample?.id)
            key.add(stringPrints.print(cardStrings, "cards", locale))
            return streamed(
                engine.persistentValue(BuildSteps.renderCard, key.finish()) {
                    guard let cards = prepared.cards else { return RenderResult([], []) }
                    let (artifact, diagnostics) = cards.render(locale: locale, sample: sample)
                    return RenderResult(artifact.map { [$0] } ?? [], diagnostics)
                })
        }
        return RenderResult.merged(pages + emails + cards + siteFiles(loaded, prepared, stringPrints))
    }

    /// Share messages (per locale, keyed by the strings they read), association files and static
    /// assets.
    private func siteFiles(_ loaded: LoadedSite, _ prepared: Prepared, _ strings: StringPrints) -> [RenderResult] {
        let prints = loaded.prints
        let messageKeys = prepared.messages.stringKeys() + [MessageArguments.anonymousInviterKey]
        let messages = loaded.site.buildLocales.parallelMap { locale in
            var key = base(prints, locale, "share-messages")
            key.add(strings.print(messageKeys, "share-messages", locale))
            return streamed(
                engine.persistentValue(BuildSteps.renderMessages, key.finish()) {
                    RenderResult(prepared.messages.artifacts(locale: locale), [])
                })
        }
        var filesKey = FingerprintBuilder("site-files")
        filesKey.add(prints.config)
        filesKey.add(prints.run)
        filesKey.add(prints.staticFiles)
        let files = streamed(
            engine.persistentValue(BuildSteps.renderSiteFiles, filesKey.finish()) {
                let (assets, assetDiagnostics) = StaticAssets.artifacts(loaded.site)
                return RenderResult(WellKnownFiles.artifacts(loaded.site.config) + assets, assetDiagnostics)
            })
        return messages + [files]
    }

    /// What every render reads: the configuration, the run's options and keys, and its locale.
    private func base(_ prints: SiteFingerprints, _ locale: LocaleID, _ label: String) -> FingerprintBuilder {
        var key = FingerprintBuilder(label)
        key.add(prints.config)
        key.add(prints.run)
        key.add(locale.rawValue)
        return key
    }
}
