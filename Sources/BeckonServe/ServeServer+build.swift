import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonStore
import BeckonStorePostgres
import BeckonStoreSQLite
import Foundation
import InviteModel
import InviteSecurity
import NIOPosix

extension ServeServer {
    /// `beckon serve` ready to run: the site built in memory (refused when it has errors), its
    /// settings read from that build (`beckon.yml` is read once), the link and token keys and
    /// the API token from the environment, the store opened, the outbox and the invites' cache
    /// made. `log` gets one line per notable event (never personal data).
    public static func build(
        _ configuration: ServeConfiguration, log: @escaping @Sendable (String) -> Void
    ) async throws(ServeSetupError) -> ServeServer {
        let site = try await builtSite(configuration, log: log)
        let config = site.config
        let keyring: LinkKeyring
        do {
            keyring = try LinkKeyring.required(configuration.environment, signingKeyID: config.links.keyID)
        } catch {
            throw ServeSetupError(error.rule, error.message, fix: error.fix)
        }
        let tokens = try await tokenAuthority(config, environment: configuration.environment, log: log)
        let store = try await openStore(configuration, log: log)
        await ExperimentWeights.check(config, store: store, at: Date(), log: log)
        let token = configuration.environment["BECKON_API_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if token == nil { log("BECKON_API_TOKEN is not set: the invite API under /v1 answers 503") }
        var settings = Settings(
            host: configuration.host, port: configuration.port, apiToken: token,
            limit: RateLimit(limit: configuration.invitesPerDay, window: 86_400))
        settings.eventLoopGroup = configuration.eventLoopGroup
        settings.expiry = configuration.expiry
        if let expiry = configuration.expiry {
            log("invites expire \(Int(expiry.duration)) s after they are created (--expiry), not after expiry.days")
        }
        settings.appKey = configuration.environment["BECKON_APP_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        if settings.appKey != nil, settings.appKey == token {
            throw ServeSetupError(
                "serve.app-key",
                "BECKON_APP_KEY is the same as BECKON_API_TOKEN: the app would ship the server's token",
                fix: "Give the app a key of its own (`openssl rand -hex 24`).")
        }
        if let folder = configuration.outbox {
            do {
                settings.outbox = try Outbox(folder: folder)
            } catch {
                throw ServeSetupError(
                    "serve.outbox", "cannot use `\(folder.path)` as the outbox: \(error.localizedDescription)",
                    fix: "Give a folder this user may create and write files in.")
            }
            if site.invitePages?.hasInvitationEmails != true {
                log("the site has no email with `recipient: invitee`: nothing will be written to the outbox")
            }
        }
        settings.delivery = try delivery(configuration, site: site, log: log)
        settings.webhook = try webhook(configuration)
        try await keepPlan(settings, site: site, store: store, log: log)
        if let folder = configuration.site.cacheFolder {
            // Invites' own pages and cards hold their senders' names and pictures: sealed on disk.
            let (cache, problem) = BuildCache.sealed(
                folder: folder.appendingPathComponent("invites"),
                sealer: RecordSealer(key: keyring.derivedKey(for: "beckon serve: invite pages and cards")),
                budget: configuration.inviteCacheMegabytes << 20)
            if let problem { log(problem.warningLine) }
            settings.inviteCache = cache
        }
        var server = ServeServer(site: site, store: store, keyring: keyring, tokens: tokens, settings: settings)
        server.closing = { await (store as? PostgresInviteStore)?.close() }
        return server
    }

    /// The site built in memory as `beckon build` would build it, with the rate-limit message
    /// in each locale. With `--cache`, the build reuses what the last start made.
    private static func builtSite(
        _ configuration: ServeConfiguration, log: @escaping @Sendable (String) -> Void
    ) async throws(ServeSetupError) -> ServedSite {
        let result = await configuration.site.build(warn: log)
        guard !result.report.hasErrors, !result.artifacts.isEmpty, let pages = result.invitePages else {
            throw ServeSetupError(
                "serve.build", "the site does not build, so it is not served",
                fix: "Fix the errors above (`beckon check` lists them), then start `beckon serve` again.",
                report: result.report)
        }
        var served = ServedSite(config: pages.site.config, artifacts: result.artifacts)
        served.invitePages = pages
        served.rateLimitKey = try rateLimitKey(
            configuration.rateLimitMessage, catalog: pages.catalog,
            sourceLocale: pages.site.config.locales.defaultLocale)
        return served
    }

    /// The rate-limit message's key when the source bundle has it; the default key may be
    /// missing (the site then answers with the English detail alone), a key given on the command
    /// line not.
    private static func rateLimitKey(
        _ given: String?, catalog: Catalog, sourceLocale: LocaleID
    ) throws(ServeSetupError) -> String? {
        let key = MessageKey(given ?? ServeConfiguration.defaultRateLimitMessage)
        guard catalog.sourceEntry(key) != nil else {
            guard let given else { return nil }
            throw ServeSetupError(
                "serve.rate-limit-message", "`--rate-limit-message \(given)`: no such string in the source bundle",
                fix:
                    "Name a string of locales/\(sourceLocale.rawValue).yml, such as `\(ServeConfiguration.defaultRateLimitMessage)`."
            )
        }
        return key.rawValue
    }

    /// Seed 003's accept links carry invite tokens: verified when the site has `tokens:` and a
    /// key is in the environment; without a key they answer the not-found page.
    private static func tokenAuthority(
        _ config: SiteConfig, environment: [String: String], log: @Sendable (String) -> Void
    ) async throws(ServeSetupError) -> TokenAuthority? {
        let variables = [TokenAuthority.privateKeyVariable, TokenAuthority.publicKeyVariable]
        guard let tokens = config.tokens, variables.contains(where: { !(environment[$0] ?? "").isEmpty }) else {
            if config.tokens?.acceptURL != nil {
                log("no token key in the environment: accept links with invite tokens answer the not-found page")
            }
            return nil
        }
        do {
            return try await TokenAuthority.required(environment, policy: TokenPolicy(tokens))
        } catch {
            throw ServeSetupError(error.rule, error.message, fix: error.fix)
        }
    }

    /// The store `--database` names: a SQLite file, or PostgreSQL for several instances; without
    /// one, `.beckon/invites.sqlite` in the site's folder, which git never adds.
    private static func openStore(
        _ configuration: ServeConfiguration, log: @escaping @Sendable (String) -> Void
    ) async throws(ServeSetupError) -> any InviteStore {
        let seconds = configuration.linkCacheSeconds
        let location = StoreLocation(database: configuration.database, siteFolder: configuration.site.siteFolder)
        do {
            guard let database = configuration.database else {
                return try SQLiteInviteStore(path: location.defaultFile().path)
            }
            guard configuration.isPostgres else { return try SQLiteInviteStore(path: database) }
            return try await PostgresInviteStore(
                url: database,
                eventLoopGroup: configuration.eventLoopGroup ?? MultiThreadedEventLoopGroup.singleton,
                linkCacheLifetime: .seconds(seconds)
            ) { listening in
                log(
                    listening
                        ? "listening for other instances' changes: links' lookups are kept up to \(seconds) s"
                        : "not listening for other instances' changes: every link is looked up in the database")
            }
        } catch {
            throw ServeSetupError("serve.store", "cannot open the invite store: \(error)", fix: location.fix)
        }
    }
}
