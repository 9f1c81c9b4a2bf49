import ArgumentParser
import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonLocalization
import BeckonRender
import BeckonServe
import BeckonSite
import BeckonStore
import BeckonStorePostgres
import BeckonStoreSQLite
import Foundation
import InviteModel
import InviteSecurity
import NIOPosix

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
            and MIME); with --outbox each is also written there as one .eml file for a mail agent. \
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
            "The invite store: a SQLite file (created with its schema if missing), or postgres://USER:PASSWORD@HOST:PORT/DATABASE for several instances on one store.",
            valueName: "path-or-url"))
    var database: String = "beckon-invites.sqlite"

    @Option(
        name: .long,
        help: ArgumentHelp("Invites one sender may create in 24 hours (seed 001: 50; seed 003: 100).", valueName: "n"))
    var invitesPerDay: Int = RateLimit.friend.limit

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The locale string a sender over the daily limit is shown, in the language of the API request's Accept-Language (seed 001: \"You've sent a lot of invites today. Try again tomorrow.\"); without the string in the bundles, only the English detail.",
            valueName: "key"))
    var rateLimitMessage: String = Self.defaultRateLimitMessage

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder where each email invite's invitation email is written as one .eml file (atomically) for a mail agent to send.",
            valueName: "dir"))
    var outbox: String?

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
        if let eventLoops, !(1...256).contains(eventLoops) {
            throw ValidationError("`--event-loops` must be from 1 to 256.")
        }
    }

    /// The `--rate-limit-message` string in each served locale; the default key may be missing
    /// (the site then answers with the English detail alone), a key given on the command line not.
    private func rateLimitMessages(for locales: [LocaleID]) throws -> [LocaleID: String] {
        guard let site = SiteLoader(root: options.siteURL, sources: SourceStore()).load(locales: []).0 else {
            return [:]
        }
        let catalog = Catalog.load(site).0
        let key = MessageKey(rateLimitMessage)
        guard catalog.sourceEntry(key) != nil else {
            guard rateLimitMessage == Self.defaultRateLimitMessage else {
                throw fail(
                    "serve.rate-limit-message",
                    "`--rate-limit-message \(rateLimitMessage)`: no such string in the source bundle",
                    fix:
                        "Name a string of locales/\(site.config.locales.defaultLocale.rawValue).yml, such as `inApp.rateLimited`."
                )
            }
            return [:]
        }
        var messages: [LocaleID: String] = [:]
        for locale in locales {
            guard let message = catalog.format(key, in: locale, arguments: [:]) else { continue }
            messages[locale] = MessageRenderer.plainText(message, rightToLeft: locale.isRightToLeft)
        }
        return messages
    }

    static let defaultRateLimitMessage = "inApp.rateLimited"

    func run() async throws {
        ServerMemory.keepLargeBlocks()
        // First, before anything uses SwiftNIO's shared loops: from here on Swift's tasks run on them.
        let threads = ServeThreads.start(count: eventLoops)
        let log: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data("[\(Timestamp.string(from: Date()))] \(line)\n".utf8))
        }
        if !threads.runTasks {
            log("Swift's tasks could not be moved onto the event loops: answers are made on Swift's own pool")
        }
        let sources = SourceStore()
        let buildOptions = options.buildOptions(write: false)
        // With --cache, the build at start reuses what the last start (the last deploy) made, and
        // makes again only what read a changed file or string.
        let (engine, cacheProblem) = BuildCache.engine(folder: buildOptions.cacheFolder)
        if let cacheProblem { log(warningText(cacheProblem)) }
        let result = await Pipeline(options: buildOptions, sources: sources, engine: engine).run()
        // The server keeps the built files, not the steps that made them.
        engine.releaseResults()
        if result.report.hasErrors || result.artifacts.isEmpty {
            print(
                options.format.render(result.report, sources: sources, toolVersion: BeckonCommand.version),
                terminator: "")
            throw fail(
                "serve.build", "the site does not build, so it is not served",
                fix: "Fix the errors above (`beckon check` lists them), then start `beckon serve` again.")
        }
        guard let config = SiteLoader(root: options.siteURL, sources: SourceStore()).loadConfig().0 else {
            throw fail("serve.build", "beckon.yml does not load", fix: "Run `beckon check` to see why.")
        }
        // Checked before anything is opened: a misspelt key stops the server at once.
        var served = ServedSite(config: config, artifacts: result.artifacts)
        served.invitePages = result.invitePages
        served.rateLimitMessages = try rateLimitMessages(for: served.locales)
        let keyring = try LinkSigning.keyring(config.links)
        // The server's event loops, shared with PostgreSQL's connections: a query's answer is
        // read on the thread that then writes the HTTP answer.
        let eventLoopGroup = threads.loops
        let store: any InviteStore
        var postgres: PostgresInviteStore?
        do {
            if Self.isPostgres(database) {
                postgres = try await PostgresInviteStore(
                    url: database, eventLoopGroup: eventLoopGroup, linkCacheLifetime: .seconds(linkCacheSeconds)
                ) { listening in
                    log(
                        listening
                            ? "listening for other instances' changes: links' lookups are kept up to \(linkCacheSeconds) s"
                            : "not listening for other instances' changes: every link is looked up in the database")
                }
                store = postgres!
            } else {
                store = try SQLiteInviteStore(path: database)
            }
        } catch {
            throw fail(
                "serve.store", "cannot open the invite store: \(error)",
                fix: Self.isPostgres(database)
                    ? "Check that PostgreSQL answers at that address and the user may create tables in the database."
                    : "Check that the folder exists and is writable, or give another file with `--database`.")
        }
        // Seed 003's accept links carry invite tokens: verified when the site has `tokens:` and a
        // key is in the environment; without a key they answer the not-found page.
        var tokens: TokenAuthority?
        let environment = ProcessInfo.processInfo.environment
        if config.tokens != nil,
            [TokenAuthority.privateKeyVariable, TokenAuthority.publicKeyVariable].contains(where: {
                !(environment[$0] ?? "").isEmpty
            })
        {
            tokens = try await TokenSetup.authority(config)
        } else if config.tokens?.acceptURL != nil {
            log("no token key in the environment: accept links with invite tokens answer the not-found page")
        }
        let token = ProcessInfo.processInfo.environment["BECKON_API_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if token == nil { log("BECKON_API_TOKEN is not set: the invite API under /v1 answers 503") }
        let site = served
        var settings = ServeServer.Settings(
            host: host, port: port, apiToken: token, limit: RateLimit(limit: invitesPerDay, window: 86_400))
        settings.eventLoopGroup = eventLoopGroup
        if let outbox {
            let folder = URL(fileURLWithPath: outbox)
            do {
                settings.outbox = try Outbox(folder: folder)
            } catch {
                throw fail(
                    "serve.outbox", "cannot use `\(outbox)` as the outbox: \(error.localizedDescription)",
                    fix: "Give a folder this user may create and write files in.")
            }
            if site.invitePages?.hasInvitationEmails != true {
                log("the site has no email with `recipient: invitee`: nothing will be written to the outbox")
            }
        }
        if let folder = buildOptions.cacheFolder {
            // Invites' own pages and cards hold their senders' names and pictures: sealed on disk.
            let (cache, problem) = BuildCache.sealed(
                folder: folder.appendingPathComponent("invites"),
                sealer: RecordSealer(key: keyring.derivedKey(for: "beckon serve: invite pages and cards")),
                budget: inviteCacheSize << 20)
            if let problem { log(warningText(problem)) }
            settings.inviteCache = cache
        }
        let server = ServeServer(site: site, store: store, keyring: keyring, tokens: tokens, settings: settings)
        do {
            try await server.run(log: log) { url in
                FileHandle.standardOutput.write(
                    Data("Serving \(site.files.count) files and invite links at \(url)  (Ctrl-C to stop)\n".utf8))
            }
        } catch {
            await postgres?.close()
            throw fail(
                "serve.listen", "the server stopped: \(error)",
                fix: "Choose another port with `--port N` (0 picks a free one).")
        }
        await postgres?.close()
        // The pages and cards the last requests made are on disk before the process ends.
        settings.inviteCache?.finishWrites()
        log("stopped")
    }

    /// Whether `--database` names a PostgreSQL server rather than a SQLite file.
    static func isPostgres(_ database: String) -> Bool {
        database.hasPrefix("postgres://") || database.hasPrefix("postgresql://")
    }
}
