import ArgumentParser
import BeckonBuild
import BeckonDiagnostics
import BeckonServe
import BeckonSite
import Foundation
import InviteModel

/// `beckon serve`: the site and its invite links at request time, with the invite API.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the site and answer every invite link by its invite's state, with the invite API.",
        discussion: """
            Builds the site in memory (refusing to start on errors, as build does), opens the invite \
            store, and serves every built file with its status and content type; invite links are \
            verified and answered by the invite's state in the visitor's language (landing, expired, \
            410 gone, already accepted, or 404 for a link that does not verify or names no invite). \
            The JSON API under /v1 creates, lists and changes invites (bearer token from \
            BECKON_API_TOKEN). Keys come from the environment: BECKON_LINK_KEY or BECKON_LINK_KEYS, and \
            BECKON_TOKEN_KEY for accept links that carry invite tokens. \
            Creating or resending an email invite returns its invitation email (subject, HTML, text \
            and MIME); with --outbox each is also written there as one .eml file for a mail agent; with \
            --smtp URL the server delivers it to that SMTP relay itself, through a queue kept in the \
            store (retried for a day, DKIM-signed with email.dkim and BECKON_DKIM_KEY; relay login from \
            BECKON_SMTP_USER and BECKON_SMTP_PASSWORD; see docs/delivery.md), and the site's notify: \
            emails tell each invite's sender at its senderEmail when it expires and, daily at \
            email.digest.hour, who joined. With --webhook URL the \
            invites' events (invite_accepted by default) are posted to the app's backend, signed with \
            BECKON_WEBHOOK_SECRET as Standard Webhooks says, from the same queue. \
            With --cache DIR the build at start reuses the last start's results, so a deploy renders \
            again only what read a changed file or string, and invites' own pages and cards are kept \
            in DIR/invites too (sealed, at most --invite-cache-size megabytes). \
            SIGINT or SIGTERM stops it after the requests in flight. See docs/serve.md.
            """)

    @OptionGroup var options: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "n"))
    var port: Int = 8080

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The invite store: a SQLite file (created with its schema if missing; .beckon/invites.sqlite in the site's folder by default, a folder git never adds), or postgres://USER:PASSWORD@HOST:PORT/DATABASE for several instances on one store.",
            valueName: "path-or-url"))
    var database: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Invites one sender may create in 24 hours (seed 001: 50; seed 003: 100).", valueName: "n"))
    var invitesPerDay: Int = RateLimit.friend.limit

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How long the invites the server creates stay valid, instead of the site's expiry.days: a number and s, m, h or d (10m, 2h). For watching expiry happen; pages and emails still say expiry.days.",
            valueName: "length"))
    var expiry: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The locale string a sender over the daily limit is shown, in the language of the API request's Accept-Language (seed 001: \"You've sent a lot of invites today. Try again tomorrow.\"); without the string in the bundles, only the English detail.",
            valueName: "key"))
    var rateLimitMessage: String = ServeConfiguration.defaultRateLimitMessage

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder where each email invite's invitation email is written as one .eml file (atomically) for a mail agent to send.",
            valueName: "dir"))
    var outbox: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Deliver email invites' invitations to this SMTP relay: smtp://HOST:587 (STARTTLS required), smtps://HOST:465, or smtp://127.0.0.1:PORT?tls=none (loopback only). Login from BECKON_SMTP_USER and BECKON_SMTP_PASSWORD.",
            valueName: "url"))
    var smtp: String?

    @Option(
        name: .long, help: ArgumentHelp("With --smtp, how many connections to the relay send at once.", valueName: "n"))
    var smtpConnections: Int = 4

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --smtp, how many seconds a connection waits for the relay before the attempt is deferred.",
            valueName: "s"))
    var smtpTimeout: Double = 60

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --smtp, the wait before a deferred invitation's second attempt (doubling after each, at most an hour; given up after a day).",
            valueName: "s"))
    var smtpRetry: Double = 30

    @Option(
        name: .long,
        help: ArgumentHelp(
            "POST the invites' events to this endpoint, signed as Standard Webhooks says with BECKON_WEBHOOK_SECRET (whsec_…): https://…, or http:// to a loopback address. Retried for a day.",
            valueName: "url"))
    var webhook: String?

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp(
            "With --webhook, the events posted: invite_accepted (the default), invite_link_opened, invite_expired, invite_app_installed, invite_created, invite_sent, invite_cancelled, invite_store_clicked, invite_delivery_failed.",
            valueName: "event"))
    var webhookEvents: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --webhook, how many failed deliveries in a row disable the endpoint until the server restarts (its webhooks wait in the queue).",
            valueName: "n"))
    var webhookDisableAfter: Int = 100

    @Option(
        name: .long,
        help: ArgumentHelp("With --webhook, how many seconds a delivery waits for an answer.", valueName: "s"))
    var webhookTimeout: Double = 10

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --webhook, the wait before a failed delivery's second attempt (doubling after each, at most an hour; given up after a day).",
            valueName: "s"))
    var webhookRetry: Double = 30

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --cache DIR, the most megabytes of invites' own pages and cards kept in DIR/invites (sealed with a key derived from the link key); the least recently used go first.",
            valueName: "mb"))
    var inviteCacheSize: Int = 1024

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How many threads serve (SwiftNIO event loops): each reads requests, makes their answers (Swift's tasks run on these threads) and writes them. Default: one per core.",
            valueName: "n"))
    var eventLoops: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "On PostgreSQL, how many seconds an instance may answer an invite's links from its last lookup of the invite, without asking the database; every instance's change of an invite reaches the others through PostgreSQL's notifications and drops it at once, so this bounds only a notification lost unnoticed. 0 looks every link up.",
            valueName: "s"))
    var linkCacheSeconds: Int = 10

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("`--port` must be from 0 to 65535.") }
        guard (1...100_000).contains(invitesPerDay) else {
            throw ValidationError("`--invites-per-day` must be from 1 to 100000.")
        }
        guard (1...1_048_576).contains(inviteCacheSize) else {
            throw ValidationError("`--invite-cache-size` must be from 1 to 1048576 (megabytes).")
        }
        guard (0...3600).contains(linkCacheSeconds) else {
            throw ValidationError("`--link-cache-seconds` must be from 0 to 3600.")
        }
        if let expiry, ExpiryPolicy(parsing: expiry).map({ $0.duration <= 365 * 86_400 }) != true {
            throw ValidationError("`--expiry` must be a number and s, m, h or d, such as 10m, up to 365d.")
        }
        guard (1...64).contains(smtpConnections) else {
            throw ValidationError("`--smtp-connections` must be from 1 to 64.")
        }
        guard (1...600).contains(smtpTimeout) else { throw ValidationError("`--smtp-timeout` must be from 1 to 600.") }
        guard (0.1...3600).contains(smtpRetry) else {
            throw ValidationError("`--smtp-retry` must be from 0.1 to 3600.")
        }
        guard (1...1_000_000).contains(webhookDisableAfter) else {
            throw ValidationError("`--webhook-disable-after` must be from 1 to 1000000.")
        }
        guard (0.1...600).contains(webhookTimeout) else {
            throw ValidationError("`--webhook-timeout` must be from 0.1 to 600.")
        }
        guard (0.1...3600).contains(webhookRetry) else {
            throw ValidationError("`--webhook-retry` must be from 0.1 to 3600.")
        }
        if let eventLoops, !(1...256).contains(eventLoops) {
            throw ValidationError("`--event-loops` must be from 1 to 256.")
        }
    }

    func run() async throws {
        ServerMemory.keepLargeBlocks()
        // A relay that closes its connection mid-send must end that send, not the server.
        signal(SIGPIPE, SIG_IGN)
        // First, before anything uses SwiftNIO's shared loops: from here on Swift's tasks run on them.
        let threads = ServeThreads.start(count: eventLoops)
        let log: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data("[\(Timestamp.string(from: Date()))] \(line)\n".utf8))
        }
        if !threads.runTasks {
            log("Swift's tasks could not be moved onto the event loops: answers are made on Swift's own pool")
        }
        let sources = SourceStore()
        var configuration = ServeConfiguration(
            site: ServingBuild(options: options.buildOptions(write: false), sources: sources))
        configuration.host = host
        configuration.port = port
        configuration.database = database
        configuration.invitesPerDay = invitesPerDay
        configuration.expiry = expiry.flatMap(ExpiryPolicy.init(parsing:))
        configuration.rateLimitMessage =
            rateLimitMessage == ServeConfiguration.defaultRateLimitMessage
            ? nil : rateLimitMessage
        configuration.outbox = outbox.map { URL(fileURLWithPath: $0) }
        configuration.smtp = smtp
        configuration.smtpConnections = smtpConnections
        configuration.smtpTimeout = smtpTimeout
        configuration.smtpRetry.first = smtpRetry
        configuration.webhook = webhook
        if !webhookEvents.isEmpty {
            configuration.webhookEvents = webhookEvents.flatMap { $0.split(separator: ",").map(String.init) }
        }
        configuration.webhookDisableAfter = webhookDisableAfter
        configuration.webhookTimeout = webhookTimeout
        configuration.webhookRetry.first = webhookRetry
        configuration.inviteCacheMegabytes = inviteCacheSize
        configuration.linkCacheSeconds = linkCacheSeconds
        configuration.eventLoopGroup = threads.loops
        let server: ServeServer
        do {
            server = try await ServeServer.build(configuration, log: log)
        } catch {
            if let report = error.report {
                print(
                    options.format.render(report, sources: sources, toolVersion: BeckonCommand.version), terminator: "")
            }
            throw fail(error.rule, error.message, fix: error.fix)
        }
        do {
            try await server.run(log: log) { url in
                FileHandle.standardOutput.write(
                    Data("Serving \(server.fileCount) files and invite links at \(url)  (Ctrl-C to stop)\n".utf8))
            }
        } catch {
            throw fail(
                "serve.listen", "the server stopped: \(error)",
                fix: "Choose another port with `--port N` (0 picks a free one).")
        }
        log("stopped")
    }
}
