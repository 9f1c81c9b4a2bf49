import BeckonEngine
import BeckonInvitePages
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonWeb

/// Renders every page, email, card, share message and site file, each route through the engine:
/// a route's key is its own arguments; it records the files it is given and the engine the
/// strings it prints as it looks them up, so after an edit only the routes that read the edited
/// file or string render again. Routes render in parallel; results are reused from memory
/// (and from `--cache DIR`). In a streaming build each route's files go to the staging folder as
/// soon as they are made, and only their facts stay in memory.
struct RenderStep {
    let engine: Engine
    let progress: ProgressHandler?
    let staging: OutputStaging?
    /// Whether `run` says which result made each file (for `--explain`); without it, what each
    /// route was given is let go of when `run` returns.
    let namesProducers: Bool

    /// Every file rendered, and which result of which step made each (by output path; empty
    /// unless `namesProducers`).
    func run(_ loaded: LoadedSite, _ prepared: Prepared) -> (RenderResult, [String: RenderProducer]) {
        let site = loaded.site
        let oneRun = oneRun
        let pageJobs = site.orderedTemplates.flatMap { template in
            prepared.pages.routes(for: template).map { (template, $0) }
        }
        let emailJobs = prepared.emails.routes()
        let cardJobs = prepared.cards?.routes() ?? []
        let counter = ProgressCounter(
            total: pageJobs.count + emailJobs.count + cardJobs.count, phase: "rendering", handler: progress)
        let pages = pageJobs.parallelMap { template, route in
            defer { counter.increment() }
            let producer = RenderProducer(
                BuildSteps.renderPage, given: SiteInputs.pageParts(template.path),
                arguments: [template.path, route.locale.rawValue, route.filePath], inputs: loaded.inputs)
            return render(producer) {
                let (artifact, diagnostics) = prepared.pages.render(template, route: route)
                return RenderResult(artifact.map { [$0] } ?? [], diagnostics, forOneRun: oneRun)
            }
        }
        let emails = emailJobs.parallelMap { template, locale, sample in
            defer { counter.increment() }
            let producer = RenderProducer(
                BuildSteps.renderEmail, given: [.config, .run, .template(template.path)],
                arguments: [template.path, locale.rawValue, sample.id], inputs: loaded.inputs)
            return render(producer) {
                let (artifacts, diagnostics) = prepared.emails.artifacts(template, locale: locale, sample: sample)
                return RenderResult(artifacts, diagnostics, forOneRun: oneRun)
            }
        }
        let cards = cardJobs.parallelMap { locale, sample in
            defer { counter.increment() }
            let producer = RenderProducer(
                BuildSteps.renderCard, given: SiteInputs.cardParts,
                arguments: [locale.rawValue, sample?.id], inputs: loaded.inputs)
            return render(producer) {
                guard let cards = prepared.cards else { return RenderResult([], []) }
                let (artifact, diagnostics) = cards.render(locale: locale, sample: sample)
                return RenderResult(artifact.map { [$0] } ?? [], diagnostics, forOneRun: oneRun)
            }
        }
        let all = pages + emails + cards + siteFiles(loaded, prepared)
        var producers: [String: RenderProducer] = [:]
        if namesProducers {
            for (producer, result) in all {
                for artifact in result.artifacts { producers[artifact.path] = producer }
            }
        }
        return (RenderResult.merged(all.map(\.1)), producers)
    }

    /// Share messages (per locale), association files and static assets.
    private func siteFiles(_ loaded: LoadedSite, _ prepared: Prepared) -> [(RenderProducer, RenderResult)] {
        let oneRun = oneRun
        let messages = loaded.site.buildLocales.parallelMap { locale in
            render(
                RenderProducer(
                    BuildSteps.renderMessages, given: [.config, .run], arguments: [locale.rawValue],
                    inputs: loaded.inputs)
            ) {
                RenderResult(prepared.messages.artifacts(locale: locale), [], forOneRun: oneRun)
            }
        }
        let files = render(
            RenderProducer(
                BuildSteps.renderSiteFiles, given: [.config, .run, .staticFiles], arguments: [], inputs: loaded.inputs)
        ) {
            let (assets, assetDiagnostics) = StaticAssets.artifacts(loaded.site)
            return RenderResult(
                WellKnownFiles.artifacts(loaded.site.config) + assets, assetDiagnostics, forOneRun: oneRun)
        }
        return messages + [files]
    }

    /// Whether the engine serves this run only: its results' files are then fingerprinted only
    /// as far as telling them apart needs (`RenderResult.init(_:_:forOneRun:)`).
    private var oneRun: Bool { !engine.comparesPublished }

    /// One route's result through the engine, its files written to the staging folder when the
    /// build streams.
    private func render(
        _ producer: RenderProducer, compute: () -> RenderResult
    ) -> (RenderProducer, RenderResult) {
        let result = engine.persistentValue(producer.step, producer.key) {
            producer.recordGiven()
            return compute()
        }
        staging?.stream(result.artifacts)
        return (producer, result)
    }

}
