import BeckonConnections
import BeckonEngine
import BeckonStore
import Foundation
import Hummingbird
import InviteModel
import InviteSecurity
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// `beckon serve`: a built site, its invite links answered by each invite's state, and the
/// invite API, on one Hummingbird server. Stops gracefully on SIGINT and SIGTERM: the requests
/// in flight are answered first.
public struct ServeServer: Sendable {
    /// How it was started.
    public struct Settings: Sendable {
        public var host: String
        public var port: Int
        /// `BECKON_API_TOKEN`; the API answers 503 without one.
        public var apiToken: String?
        /// `BECKON_APP_KEY`, which the app's install claim authenticates with; the claim answers
        /// 503 without one.
        public var appKey: String?
        /// Invites per sender in a rolling window.
        public var limit: RateLimit
        /// How often expired invites are swept.
        public var sweepInterval: Duration
        /// How long created invites stay valid, instead of the site's `expiry.days`.
        public var expiry: ExpiryPolicy?
        /// Where email invites' emails are written for a mail agent (`--outbox`).
        public var outbox: Outbox?
        /// How email invites' invitations are delivered to an SMTP relay (`--smtp`), or `nil`.
        public var delivery: DeliverySettings?
        /// Where the invites' events are posted (`--webhook`), or `nil`.
        public var webhook: WebhookSettings?
        /// Where invites' own pages and cards are also kept on disk, sealed (`--cache DIR`).
        public var inviteCache: StepCache?
        /// The SwiftNIO event loops (threads) that read requests and write answers
        /// (`--event-loops`), made before the server to share them with the store's connections
        /// (`ServeThreads.start`, which also runs Swift's tasks on them); `nil`: `defaultEventLoops`
        /// new ones, beside Swift's own pool where the answers are then made.
        public var eventLoopGroup: (any EventLoopGroup)?

        /// How many event loops there are beside Swift's own pool: half the cores, at least one.
        /// An answer takes more of a core to make than to read and write, and a thread of each
        /// per core would leave them taking turns on the cores.
        public static var defaultEventLoops: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }

        public init(
            host: String, port: Int, apiToken: String?, limit: RateLimit, sweepInterval: Duration = .seconds(60)
        ) {
            self.host = host
            self.port = port
            self.apiToken = apiToken
            self.limit = limit
            self.sweepInterval = sweepInterval
        }
    }

    /// How long a connection may stay without a complete request head (or idle between requests).
    static let idleTimeout = TimeAmount.seconds(30)
    /// How fast a request's body must arrive (`RequestPace.standard`: whole within 60 s, 8 KB a
    /// second after the first 10).
    static let pace = RequestPace.standard

    let settings: Settings
    let site: ServedSite
    let service: InviteService
    let links: LinkAnswerer
    let mailer: InviteMailer
    let metrics = ServeMetrics()
    let pictures = PictureWorkers()
    /// Keyed client hashes for store clicks and install claims.
    let clients: ClientIdentity
    /// Install claims per client.
    let claimPace = ClientPace()
    /// The app's event batches per client (with the app key).
    let appEventPace = ClientPace(limit: 120, window: 3_600)
    /// Waiting-list posts per client.
    let waitlistPace = ClientPace(limit: 10, window: 3_600)
    /// Sends the queued invitations, with `settings.delivery`.
    let delivery: DeliveryWorker?
    /// Posts the queued webhooks, with `settings.webhook`.
    let webhooks: (worker: DeliveryWorker, sender: WebhookSender)?
    /// What is closed when the server stops (PostgreSQL's connections).
    var closing: @Sendable () async -> Void = {}

    /// How many built files the server answers.
    public var fileCount: Int { site.files.count }

    public init(
        site: ServedSite, store: any InviteStore, keyring: LinkKeyring, tokens: TokenAuthority? = nil,
        settings: Settings, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.site = site
        service = InviteService(
            site: site, store: store, keyring: keyring, limit: settings.limit,
            expiry: settings.expiry ?? ExpiryPolicy(days: site.config.expiryDays), resend: .standard,
            codes: InviteCodeGenerator(), now: now,
            requestKey: keyring.derivedKey(for: "beckon serve: idempotency request hashes"))
        links = LinkAnswerer(site: site, keyring: keyring, store: store, tokens: tokens, disk: settings.inviteCache)
        mailer = InviteMailer(
            site: site, tokens: tokens, outbox: settings.outbox,
            suppressions: Suppressions(site: site, tokens: UnsubscribeTokens(keyring: keyring), store: store))
        clients = ClientIdentity(secret: keyring.derivedKey(for: "beckon serve: client hashes"))
        let (service, mailer, metrics) = (service, mailer, metrics)
        delivery = settings.delivery.map { delivery in
            let config = site.config
            let relay = SignedRelay(
                signer: delivery.signer,
                senders: SMTPSenders(relay: delivery.relay, count: delivery.connections, timeout: delivery.timeout),
                envelopeFrom: config.email?.from.address ?? config.app.supportEmail)
            let invitations = InvitationSender(service: service, mailer: mailer, relay: relay)
            let notices = NoticeSender(service: service, relay: relay)
            return DeliveryWorker(
                store: store, name: "email", kinds: OutboundKind.emails, capacity: delivery.connections,
                lease: delivery.lease, schedule: delivery.schedule,
                attempt: { job, date in
                    job.kind == .invitation
                        ? await invitations.attempt(job, at: date) : await notices.attempt(job, at: date)
                }, wake: DeliveryWake(), metrics: metrics, now: now, log: { _ in })
        }
        webhooks = settings.webhook.map { webhook in
            let sender = WebhookSender(settings: webhook, store: store, metrics: metrics)
            let worker = DeliveryWorker(
                store: store, name: "webhook", kinds: [.webhook], capacity: webhook.connections, lease: webhook.lease,
                schedule: webhook.schedule, attempt: { await sender.attempt($0, at: $1) },
                paused: { sender.isDisabled }, wake: DeliveryWake(), metrics: metrics, now: now, log: { _ in })
            return (worker, sender)
        }
    }

    /// Serves until SIGINT or SIGTERM; `ready` gets the URL once the server listens.
    public func run(log: @escaping @Sendable (String) -> Void, ready: @escaping @Sendable (String) -> Void) async throws
    {
        var logger = Logger(label: "beckon.serve")
        logger.logLevel = .warning
        let application = try self.application(log: log, ready: ready, logger: logger)
        let sweep = ExpirySweep(
            store: service.store, interval: settings.sweepInterval,
            clickLifetime: TimeInterval(site.config.deferred.matchWindowMinutes * 60), now: service.now, log: log)
        var services: [any Service] = [application, sweep]
        if var delivery {
            delivery.log = log
            services.append(delivery)
            if site.noticeTemplate(.joinedDigest) != nil {
                services.append(
                    DigestSchedule(
                        store: service.store, config: site.config.email?.digest ?? .standard, wake: delivery.wake,
                        now: service.now, log: log))
            }
        }
        if var (worker, sender) = webhooks {
            worker.log = log
            sender.logging(to: log)
            services.append(worker)
        }
        var configuration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigint, .sigterm], logger: logger)
        configuration.maximumGracefulShutdownDuration = Duration.seconds(10)
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch {
            await webhooks?.sender.shutdown()
            await closing()
            throw error
        }
        await webhooks?.sender.shutdown()
        await closing()
        // The pages and cards the last requests made are on disk before the process ends.
        settings.inviteCache?.finishWrites()
    }
}

/// Moves invites past their expiry to `expired` (with `invite_expired` events, so a coach can be
/// told) every `interval`, until the server stops, and deletes the store clicks older than a
/// claim's window may reach (their client hashes are kept no longer than they can be used).
struct ExpirySweep: Service {
    let store: any InviteStore
    let interval: Duration
    /// How long a store click is kept: `deferred.matchWindow` (0: until the next sweep).
    let clickLifetime: TimeInterval
    let now: @Sendable () -> Date
    let log: @Sendable (String) -> Void

    func run() async throws {
        // Stops at once on shutdown, between sweeps or inside one.
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let date = now()
                    let moved = try await store.expire(at: date)
                    if moved > 0 { log("expired \(moved) invite\(moved == 1 ? "" : "s")") }
                    _ = try await store.purgeStoreClicks(before: date.addingTimeInterval(-clickLifetime))
                } catch {
                    log("the expiry sweep could not reach the store")
                }
                try await Task.sleep(for: interval)
            }
        }
    }
}
