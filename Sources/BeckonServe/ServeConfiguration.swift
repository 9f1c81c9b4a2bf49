import BeckonDiagnostics
import BeckonInvitePages
import BeckonStore
import Foundation
import InviteModel
import NIOCore

/// Everything `beckon serve` starts from, as its command line gives it: the site and how to
/// build it, where to listen, the store, the limits, the folders it writes, and the environment
/// its keys come from. `ServeServer.build` turns it into a server.
public struct ServeConfiguration: Sendable {
    /// The site and how it is built (its folder, locales, `--strict`, `--cache`).
    public var site: any SiteBuilder
    public var host = "127.0.0.1"
    public var port = 8080
    /// A SQLite file, or a `postgres://` URL; `nil` for `.beckon/invites.sqlite` in the site's
    /// folder (`StateFolder`).
    public var database: String?
    /// Invites one sender may create in 24 hours.
    public var invitesPerDay = RateLimit.friend.limit
    /// How long the invites the server creates stay valid, instead of the site's `expiry.days`
    /// (`--expiry`): to watch expiry happen, in a test or a demonstration.
    public var expiry: ExpiryPolicy?
    /// The locale string a sender over the limit is shown; `nil` for `inApp.rateLimited`, which a
    /// site may lack (a key given and missing stops the server at start).
    public var rateLimitMessage: String?
    /// Where email invites' emails are written for a mail agent (`--outbox`).
    public var outbox: URL?
    /// The SMTP relay email invites' invitations are delivered to (`--smtp URL`), through the
    /// store's queue.
    public var smtp: String?
    /// Connections to the relay (`--smtp-connections`).
    public var smtpConnections = 4
    /// How long a connection waits for the relay (`--smtp-timeout`, seconds).
    public var smtpTimeout = 60.0
    /// When a deferred invitation is tried again (`--smtp-retry` sets its first wait).
    public var smtpRetry = RetrySchedule()
    /// The endpoint the invites' events are posted to (`--webhook URL`).
    public var webhook: String?
    /// The events posted (`--webhook-events`).
    public var webhookEvents: [String] = [InviteEvent.Name.accepted.rawValue]
    /// Failed deliveries in a row after which the endpoint is disabled (`--webhook-disable-after`).
    public var webhookDisableAfter = 100
    /// How long a delivery waits for the endpoint (`--webhook-timeout`, seconds).
    public var webhookTimeout = 10.0
    /// When a failed webhook is tried again (`--webhook-retry` sets its first wait).
    public var webhookRetry = RetrySchedule()
    /// With the site's cache folder, the most megabytes of invites' own pages and cards kept there.
    public var inviteCacheMegabytes = 1024
    /// On PostgreSQL, how long an invite's lookup may answer its links.
    public var linkCacheSeconds = 10
    /// The event loops, shared with the store's connections (`ServeThreads.start`).
    public var eventLoopGroup: (any EventLoopGroup)?
    /// Where the keys and the API token come from.
    public var environment = ProcessInfo.processInfo.environment

    /// The string a sender over the limit is shown when none is named.
    public static let defaultRateLimitMessage = "inApp.rateLimited"

    public init(site: any SiteBuilder) {
        self.site = site
    }

    /// Whether `database` names a PostgreSQL server rather than a SQLite file.
    public var isPostgres: Bool { StoreLocation(database: database, siteFolder: site.siteFolder).isPostgres }
}

/// Why `beckon serve` did not start: a rule id, a sentence and a fix, as the command prints them,
/// and the build's report when the site did not build.
public struct ServeSetupError: Error, Sendable {
    public var rule: String
    public var message: String
    public var fix: String?
    public var report: DiagnosticReport?

    init(_ rule: String, _ message: String, fix: String? = nil, report: DiagnosticReport? = nil) {
        self.rule = rule
        self.message = message
        self.fix = fix
        self.report = report
    }
}
