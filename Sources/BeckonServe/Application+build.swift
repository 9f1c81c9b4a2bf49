import BeckonAPI
import BeckonConnections
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import OpenAPIHummingbird

extension ServeServer {
    /// Every route of `beckon serve`, each resource's from its controller: the operators'
    /// endpoints, the API under `/v1` (bearer token or app key, then the request checks, then the
    /// generated operations, the install claim and the app's events), the beacon, the Android waiting list, invite
    /// links with their store
    /// hand-off, `/` by language, and every built file.
    func router(log: @escaping @Sendable (String) -> Void) throws -> Router<ServeRequestContext> {
        let router = Router(context: ServeRequestContext.self)
        OperationsController(store: service.store, links: links, metrics: metrics).addRoutes(to: router)
        let api = router.group().add(
            middleware: BearerAuthentication(token: settings.apiToken, appKey: settings.appKey)
        ).add(middleware: APIRequestChecks())
        let handler = APIHandler(
            invites: InvitesController(
                site: site, service: service, mailer: mailer, metrics: metrics, delivery: delivery?.wake,
                webhooks: webhooks?.worker.wake, log: log),
            users: UsersController(
                service: service, pictures: pictures,
                erasure: Erasure(service: service, artifacts: links.artifacts, outbox: mailer.outbox)),
            events: EventsController(store: service.store),
            expiry: ExpiryController(store: service.store, now: service.now),
            digests: DigestsController(site: site, store: service.store, delivery: delivery?.wake, now: service.now),
            webhooks: WebhooksController(store: service.store, sender: webhooks?.sender))
        try handler.registerHandlers(on: api, serverURL: Servers.Server1.url(), configuration: APIJSON.configuration)
        InstallsController(
            site: site, links: links, service: service, clients: clients, pace: claimPace, metrics: metrics
        ).addRoutes(to: api)
        AppEventsController(
            store: service.store, appKey: settings.appKey, clients: clients, pace: appEventPace, metrics: metrics,
            now: service.now
        ).addRoutes(to: api)
        FunnelController(store: service.store, metrics: metrics).addRoutes(to: api)
        let opener = InviteOpener(store: service.store, metrics: metrics, now: service.now)
        BeaconController(site: site, links: links, opener: opener).addRoutes(to: router)
        WaitlistController(
            site: site, store: service.store, clients: clients, pace: waitlistPace, metrics: metrics, now: service.now
        ).addRoutes(to: router)
        UnsubscribeController(site: site, suppressions: mailer.suppressions, metrics: metrics, now: service.now)
            .addRoutes(to: router)
        let handOff = HandOffController(
            site: site, links: links, store: service.store, clients: clients, metrics: metrics, now: service.now)
        LinksController(
            site: site, links: links, opener: opener, handOff: handOff, metrics: metrics, now: service.now, log: log
        ).addRoutes(to: router)
        return router
    }

    /// The application: the router behind the headers every answer carries, on HTTP/1.1 with the
    /// connection guards (`BeckonConnections`) and the decoder's limits. Tests hold it in-process
    /// (`app.test(.router)`); `run` serves it beside the expiry sweep.
    public func application(
        log: @escaping @Sendable (String) -> Void = { _ in }, ready: @escaping @Sendable (String) -> Void = { _ in },
        logger: Logger = Logger(label: "beckon.serve")
    ) throws -> some ApplicationProtocol {
        let host = settings.host
        // At most as many connections as the process has files for, the longest idle closed first.
        let connections = ConnectionLimit.withinFileLimit()
        return Application(
            responder: ServeHeaders(try router(log: log).buildResponder(), metrics: metrics),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [connections.handler(), Self.pace.handler()],
                    idleTimeout: Self.idleTimeout,
                    httpDecoderConfiguration: .init(
                        maxHeaderFieldSize: 16 * 1024, maxHeaderListSize: 32 * 1024, maxHeaderFieldCount: 100))),
            configuration: .init(address: .hostname(host, port: settings.port), serverName: nil),
            onServerRunning: { channel in
                ready("http://\(host.contains(":") ? "[\(host)]" : host):\(channel.localAddress?.port ?? 0)/")
            },
            eventLoopGroupProvider: .shared(
                settings.eventLoopGroup ?? MultiThreadedEventLoopGroup(numberOfThreads: Settings.defaultEventLoops)),
            logger: logger)
    }
}
