import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import BeckonSite
import Foundation

/// A preview's life: one engine kept across every rebuild, the state the server serves, and the
/// browsers waiting to be told to reload.
public actor PreviewSession {
    private let options: BuildOptions
    private let engine: Engine
    public private(set) var state: PreviewState
    private var subscribers: [Int: AsyncStream<PreviewEvent>.Continuation] = [:]
    private var nextSubscriber = 0

    /// A session for a site; call `rebuild()` before serving.
    /// - Parameter engine: The engine every rebuild runs on; one with an on-disk cache makes the
    ///   first build reuse an earlier run's results.
    public init(options: BuildOptions, engine: Engine = Engine()) {
        self.engine = engine
        var options = options
        options.write = false
        options.needsLoadedSite = true
        self.options = options
        state = PreviewState(
            version: 0, files: [:], report: DiagnosticReport(), broken: true, seconds: 0, rendered: 0,
            sources: SourceStore(), productionOrigins: [])
    }

    /// Builds the site again on the session's engine and tells every browser.
    @discardableResult
    public func rebuild() async -> PreviewState {
        let sources = SourceStore()
        let start = Date()
        let result = await Pipeline(options: options, sources: sources, engine: engine).run()
        var next = state
        next.version += 1
        next.report = result.report
        next.sources = sources
        next.seconds = Date().timeIntervalSince(start)
        next.steps = result.steps
        next.explanations = result.explanations
        next.broken = result.artifacts.isEmpty
        next.rendered = ["render.page", "render.email", "render.card", "render.messages", "render.site-files"].reduce(0)
        {
            $0 + result.steps.runs(of: StepName(rawValue: $1))
        }
        if !result.artifacts.isEmpty {
            next.files = Dictionary(result.artifacts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            next.productionOrigins = Self.origins(options.site)
        }
        state = next
        let event = PreviewEvent(
            version: next.version, broken: next.broken, errors: next.report.errorCount,
            warnings: next.report.warningCount, milliseconds: Int((next.seconds * 1000).rounded()))
        for continuation in subscribers.values { continuation.yield(event) }
        return next
    }

    /// Events for one browser, from now on.
    public func subscribe() -> (id: Int, events: AsyncStream<PreviewEvent>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PreviewEvent.self, bufferingPolicy: .bufferingNewest(4))
        nextSubscriber += 1
        subscribers[nextSubscriber] = continuation
        return (nextSubscriber, stream)
    }

    /// Stops sending events to a browser that has gone.
    public func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    /// Ends every browser's event stream (the server is stopping).
    public func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    /// The origins of the site's absolute URLs — its base URL's and its invite links' — which the
    /// preview serves locally.
    static func origins(_ site: URL) -> [String] {
        guard let config = SiteLoader(root: site, sources: SourceStore()).loadConfig().0 else { return [] }
        var origins: Set<String> = ["https://\(config.links.host)"]
        let base = config.app.baseURL.absoluteString
        if let scheme = base.range(of: "://") {
            let host = base[scheme.upperBound...].prefix { $0 != "/" }
            origins.insert(String(base[..<scheme.upperBound]) + host)
        }
        return origins.sorted()
    }
}

/// What a browser is told after a build.
public struct PreviewEvent: Sendable, Codable, Hashable {
    public var version: Int
    public var broken: Bool
    public var errors: Int
    public var warnings: Int
    public var milliseconds: Int
}
