import BeckonConnections
import BeckonRender
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The preview web server: the index, the viewers, every output file (rewritten for local viewing),
/// and a Server-Sent Events stream that tells browsers to reload after each build. It listens on
/// 127.0.0.1 unless another host is asked for.
public struct PreviewServer: Sendable {
    public let session: PreviewSession
    public let host: String
    public let port: Int
    /// The folder `scripts/screenshots.sh` writes to (`output/screenshots`), served under
    /// `/_beckon/screenshots/` and linked from the index once it holds an `index.html`.
    public let screenshots: URL?

    public init(session: PreviewSession, host: String = "127.0.0.1", port: Int = 4040, screenshots: URL? = nil) {
        self.session = session
        self.host = host
        self.port = port
        self.screenshots = screenshots
    }

    /// The routes, for the server and for tests.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        let session = self.session
        let screenshots = self.screenshots
        router.get("/") { _, _ in
            let hasScreenshots = screenshots.map {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path)
            }
            return html(IndexPage.html(await session.state, screenshots: hasScreenshots ?? false))
        }
        router.get("/_beckon/screenshots") { request, _ in try Self.screenshot(request.uri.path, in: screenshots) }
        router.get("/_beckon/screenshots/**") { request, _ in try Self.screenshot(request.uri.path, in: screenshots) }
        router.get("/_beckon/page") { request, _ in
            let state = await session.state
            let path = request.uri.queryParameters["path"].map(String.init) ?? ""
            let scheme = PageViewer.Scheme(request.uri.queryParameters["scheme"].map(String.init))
            guard let page = PageViewer.html(path: path, scheme: scheme, state: state) else {
                throw HTTPError(.notFound)
            }
            return html(page)
        }
        router.get("/_beckon/email") { request, _ in
            let path = request.uri.queryParameters["path"].map(String.init) ?? ""
            guard let page = EmailViewer.html(base: path, state: await session.state) else {
                throw HTTPError(.notFound)
            }
            return html(page)
        }
        router.get("/_beckon/card") { request, _ in
            let path = request.uri.queryParameters["path"].map(String.init) ?? ""
            guard let page = CardViewer.html(path: path, state: await session.state) else { throw HTTPError(.notFound) }
            return html(page)
        }
        router.get("/_beckon/message") { request, _ in
            let path = request.uri.queryParameters["path"].map(String.init) ?? ""
            guard let page = MessageViewer.html(path: path, state: await session.state) else {
                throw HTTPError(.notFound)
            }
            return html(page)
        }
        router.get("/_beckon/client.js") { _, _ in
            response(ClientAssets.script, type: "text/javascript; charset=utf-8")
        }
        router.get("/_beckon/preview.css") { _, _ in
            response(ClientAssets.stylesheet, type: "text/css; charset=utf-8")
        }
        router.get("/_beckon/state.json") { _, _ in
            let state = await session.state
            let event = PreviewEvent(
                version: state.version, broken: state.broken, errors: state.report.errorCount,
                warnings: state.report.warningCount, milliseconds: Int((state.seconds * 1000).rounded()))
            return response(String(decoding: try JSONEncoder().encode(event), as: UTF8.self), type: "application/json")
        }
        router.get("/_beckon/events") { request, _ in
            events(request, session: session)
        }
        router.get("/**") { request, _ in
            let state = await session.state
            guard let path = Self.outputPath(request.uri.path), let file = Self.file(path, in: state) else {
                throw HTTPError(.notFound)
            }
            let options = ServedFile.Options(
                scheme: request.uri.queryParameters["beckon-scheme"].map(String.init),
                imagesOff: request.uri.queryParameters["beckon-images"] == "off")
            let bytes = ServedFile.bytes(file, state: state, options: options)
            return Response(
                status: .ok, headers: [.contentType: file.contentType, .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        return router
    }

    /// Serves until interrupted (Ctrl-C) or until the watcher ends; `ready` is called with the URL
    /// once the server listens.
    public func run(
        watcher: SiteWatcher?, log: @escaping @Sendable (String) -> Void, ready: @escaping @Sendable (String) -> Void
    )
        async throws
    {
        var logger = Logger(label: "beckon.preview")
        logger.logLevel = .warning
        let host = self.host
        let connections = ConnectionLimit(limit: Self.connectionLimit)
        let application = Application(
            responder: PreviewGuard(router().buildResponder(), host: host),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [connections.handler()], idleTimeout: Self.idleTimeout)),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                ready("http://\(host.contains(":") ? "[\(host)]" : host):\(channel.localAddress?.port ?? 0)/")
            },
            logger: logger)
        var services: [any Service] = [application]
        if let watcher { services.append(RebuildService(watcher: watcher, session: session, log: log)) }
        var configuration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigint, .sigterm], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(2)
        let group = ServiceGroup(configuration: configuration)
        try await group.run()
        await session.finishAll()
    }

    /// How long a connection may stay without a complete request (idle, or sending one slowly).
    static let idleTimeout = TimeAmount.seconds(15)
    /// How many connections stay open at once; past it the longest idle one is closed.
    static let connectionLimit = 256

    /// A regular file of the screenshots folder, never one outside it: `outputPath` refuses `..`
    /// and `.`, and `ContainedFile` refuses a path that a symbolic link takes out of the folder.
    static func screenshot(_ requestPath: String, in folder: URL?) throws -> Response {
        let relative = String(requestPath.dropFirst("/_beckon/screenshots".count))
        guard let folder, let path = outputPath(relative.isEmpty ? "/" : relative),
            let data = ContainedFile.contents(path, in: folder)
        else { throw HTTPError(.notFound) }
        let type = path.hasSuffix(".png") ? "image/png" : "text/html; charset=utf-8"
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: [UInt8](data))))
    }

    /// The output path a request path names: percent-decoded, without the leading slash, and with
    /// `index.html` for a folder.
    static func outputPath(_ requestPath: String) -> String? {
        guard let decoded = requestPath.removingPercentEncoding else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        let path = segments.joined(separator: "/")
        return decoded.hasSuffix("/") || path.isEmpty ? (path.isEmpty ? "index.html" : path + "/index.html") : path
    }

    static func file(_ path: String, in state: PreviewState) -> Artifact? {
        state.files[path] ?? state.files[path + "/index.html"]
    }
}

private func html(_ text: String) -> Response {
    response(text, type: "text/html; charset=utf-8")
}

private func response(_ text: String, type: String) -> Response {
    Response(
        status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
}

/// The event stream of one browser: an event named `build` after every build, until the browser
/// goes away or the server stops.
private func events(_ request: Request, session: PreviewSession) -> Response {
    Response(
        status: .ok,
        headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
        body: ResponseBody { writer in
            let (id, stream) = await session.subscribe()
            try await writer.write(ByteBuffer(string: "retry: 500\n: connected\n\n"))
            try await withGracefulShutdownHandler {
                try await request.body.consumeWithInboundCloseHandler { _ in
                    for await event in stream {
                        let data = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
                        try await writer.write(ByteBuffer(string: "event: build\ndata: \(data)\n\n"))
                    }
                } onInboundClosed: {
                    Task { await session.unsubscribe(id) }
                }
            } onGracefulShutdown: {
                Task { await session.unsubscribe(id) }
            }
            await session.unsubscribe(id)
            try await writer.finish(nil)
        })
}

/// Rebuilds the site after every batch of changes the watcher reports.
struct RebuildService: Service {
    let watcher: SiteWatcher
    let session: PreviewSession
    let log: @Sendable (String) -> Void

    func run() async throws {
        await withGracefulShutdownHandler {
            for await batch in watcher.changes {
                let state = await session.rebuild()
                let changed = batch.sorted().prefix(3).joined(separator: ", ") + (batch.count > 3 ? ", …" : "")
                let errors = state.report.errorCount
                let outcome =
                    state.broken
                    ? "the site does not build (\(errors) error\(errors == 1 ? "" : "s")); serving the last good render"
                    : "rebuilt in \(Int((state.seconds * 1000).rounded())) ms, \(state.rendered) rendered, "
                        + "\(errors) error\(errors == 1 ? "" : "s"), \(state.report.warningCount) warning\(state.report.warningCount == 1 ? "" : "s")"
                log("\(changed) → \(outcome)")
                for line in Self.explained(state) { log(line) }
                if ProcessInfo.processInfo.environment["BECKON_STEP_STATS"] != nil { log(state.steps.table) }
            }
        } onGracefulShutdown: {
            watcher.stop()
        }
    }

    /// Why the first few files were rendered again ("  de-DE/expired/index.html: rendered again
    /// (render.page): the string `expired.title` as de-DE reads it (locales/de-DE.yml:5:10) changed").
    static func explained(_ state: PreviewState, limit: Int = 5) -> [String] {
        guard !state.broken else { return [] }
        let paths = state.explanations.keys.sorted()
        let lines = paths.prefix(limit).map { "  \($0): \(state.explanations[$0]!)" }
        return lines + (paths.count > limit ? ["  … and \(paths.count - limit) more"] : [])
    }
}
