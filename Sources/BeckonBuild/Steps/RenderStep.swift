import BeckonEngine
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonWeb

/// Renders every page, email, card, share message and site file, each route through the engine:
/// a route's key is the fingerprint of the files it is given, and the engine records the strings
/// it prints as it looks them up, so after an edit only the routes that read the edited file or
/// string render again. Routes render in parallel; results are reused from memory
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
        let pages = pageJobs.parallelMap { template, route in
            defer { counter.increment() }
            var key = base(prints, route.locale, "page")
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
            var key = FingerprintBuilder("card")
            key.add(prints.config)
            key.add(prints.run)
            key.add(locale.rawValue)
            key.add(prints.cardLayouts)
            key.add(prints.staticFiles)
            key.add(sample?.id)
            return streamed(
                engine.persistentValue(BuildSteps.renderCard, key.finish()) {
                    guard let cards = prepared.cards else { return RenderResult([], []) }
                    let (artifact, diagnostics) = cards.render(locale: locale, sample: sample)
                    return RenderResult(artifact.map { [$0] } ?? [], diagnostics)
                })
        }
        return RenderResult.merged(pages + emails + cards + siteFiles(loaded, prepared))
    }

    /// Share messages (per locale), association files and static assets.
    private func siteFiles(_ loaded: LoadedSite, _ prepared: Prepared) -> [RenderResult] {
        let prints = loaded.prints
        let messages = loaded.site.buildLocales.parallelMap { locale in
            streamed(
                engine.persistentValue(BuildSteps.renderMessages, base(prints, locale, "share-messages").finish()) {
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
