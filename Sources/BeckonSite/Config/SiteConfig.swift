import BeckonDiagnostics
import Foundation
import InviteModel

/// The contents of `beckon.yml`, validated. Documented key by key in `docs/site-format.md`.
public struct SiteConfig: Sendable, Hashable {
    public var app: AppConfig
    public var theme: ThemeConfig
    public var locales: LocalesConfig
    public var links: LinkPolicy
    /// Days until an invite expires (seed 001 R15: 30).
    public var expiryDays: Int
    public var limits: Limits
    public var samples: [InviteValues]
    /// When sample invites that do not set `createdAt` were created, and the invite links of
    /// contexts no sample covers: the build's date (`BuildDate`).
    public var samplesCreatedAt: Date
    /// Share messages, when the site writes them.
    public var share: ShareConfig?
    /// Invite tokens, when the site issues them.
    public var tokens: TokensConfig?
    /// Invitation emails, when the site sends them.
    public var email: EmailConfig?
    /// Allowed hosts and rule severities.
    public var checks: ChecksConfig
    /// The page kinds the site builds, when `pages` lists them; `nil` for the default (every
    /// standard kind, or none for a site of emails or messages without page templates).
    public var pages: [TemplateKind]?
    /// Where `pages` was written.
    public var pagesLocation: SourceLocation?
    /// The landing page's `invite_link_opened` beacon, when the site reports it.
    public var analytics: AnalyticsConfig?
    /// The hosts whose serving rules the build writes (`serving:`), none by default.
    public var serving: [ServingTarget] = []
    /// How an invite reaches the app across its install (`deferred:`).
    public var deferred = DeferredConfig()
    /// Rules for new invites (`invites:`).
    public var invites = InvitesConfig()

    /// The top-level keys of beckon.yml.
    public static let keys = [
        "version", "app", "theme", "locales", "links", "expiry", "limits", "samples", "share", "tokens", "email",
        "checks", "pages", "serving", "analytics", "deferred", "invites",
    ]
    /// Every key below each top-level key, for documentation and its staleness test.
    public static let sectionKeys: [String: [String]] = [
        "app": AppConfig.keys, "theme": ThemeConfig.keys, "theme.light": ThemeConfig.Palette.keys,
        "theme.dark": ThemeConfig.Palette.keys, "theme.fonts": ThemeConfig.Fonts.keys,
        "theme.logo": ThemeConfig.Logo.keys, "locales": LocalesConfig.keys, "links": LinkPolicy.keys,
        "expiry": ["days"], "limits": Limits.keys, "samples[]": InviteValues.keys, "share": ShareConfig.keys,
        "tokens": TokensConfig.keys, "email": EmailConfig.keys, "email.logo": ThemeConfig.Logo.keys,
        "checks": ChecksConfig.keys, "analytics": AnalyticsConfig.keys, "deferred": DeferredConfig.keys,
        "app.appStoreCampaign": AppConfig.Campaign.keys, "invites": InvitesConfig.keys,
    ]

    /// Reads a configuration from parsed YAML, reporting every problem to `reader`, with samples
    /// that do not set `createdAt` created on `InviteValues.fixedCreatedAt` (for tools outside a
    /// build, such as the benchmarks).
    public init?(_ root: YAMLValue, reader: YAMLReader) {
        self.init(root, reader: reader, samplesCreatedAt: InviteValues.fixedCreatedAt)
    }

    /// Reads a configuration from parsed YAML, reporting every problem to `reader`.
    /// - Parameter samplesCreatedAt: The creation time of samples that do not set `createdAt`:
    ///   the build's date (`BuildDate.resolve`).
    public init?(_ root: YAMLValue, reader: YAMLReader, samplesCreatedAt: Date) {
        guard let mapping = reader.mapping(root, named: "", keys: Self.keys) else { return nil }
        if let version = mapping.value("version"), version.scalar != "1" {
            reader.invalid(
                "this Beckon reads site format version 1, not `\(version.scalar ?? version.kindDescription)`",
                at: version.location, fix: "Write `version: 1`, or upgrade Beckon.", rule: "version")
        }
        let app = mapping.mapping("app", keys: AppConfig.keys, required: true).flatMap(AppConfig.init)
        let theme =
            mapping.value("theme") == nil
            ? ThemeConfig.standard
            : mapping.mapping("theme", keys: ThemeConfig.keys).flatMap(ThemeConfig.init)
        let locales = LocalesConfig(mapping.mapping("locales", keys: LocalesConfig.keys))
        let linksMapping =
            mapping.mapping("links", keys: LinkPolicy.keys)
            ?? YAMLReader.Mapping(reader: reader, name: "links", location: mapping.location, entries: [])
        // Without a valid `app` there is no default host; that problem is already reported.
        let links = app == nil ? nil : LinkPolicy(linksMapping, defaultHost: app?.baseURL.host)
        let expiry = mapping.mapping("expiry", keys: ["days"])
        expiryDays = expiry?.int("days", in: 1...365) ?? 30
        limits = Limits(mapping.mapping("limits", keys: Limits.keys))
        self.samplesCreatedAt = samplesCreatedAt
        samples = Self.samples(mapping, reader, createdAt: samplesCreatedAt)
        share = mapping.mapping("share", keys: ShareConfig.keys).map(ShareConfig.init)
        tokens = mapping.mapping("tokens", keys: TokensConfig.keys).flatMap(TokensConfig.init)
        email = mapping.mapping("email", keys: EmailConfig.keys).flatMap(EmailConfig.init)
        if email?.accept == .token, tokens == nil {
            reader.invalid(
                "`email.accept: token` needs a `tokens` section to issue the tokens",
                at: mapping.location(of: "email"),
                fix: "Add `tokens:` with `issuer`, `audience`, `keyID` and `acceptURL`, or use `accept: link`.")
        }
        checks = mapping.mapping("checks", keys: ChecksConfig.keys).map(ChecksConfig.init) ?? ChecksConfig()
        pages = Self.pages(mapping)
        pagesLocation = pages == nil ? nil : mapping.location(of: "pages")
        serving = Self.serving(mapping)
        let trustedHosts = Set([app?.baseURL.host, links?.host].compactMap { $0 } + checks.allowedHosts)
        analytics = mapping.mapping("analytics", keys: AnalyticsConfig.keys).flatMap {
            AnalyticsConfig($0, trustedHosts: trustedHosts)
        }
        deferred = mapping.mapping("deferred", keys: DeferredConfig.keys).map(DeferredConfig.init) ?? DeferredConfig()
        invites = mapping.mapping("invites", keys: InvitesConfig.keys).map(InvitesConfig.init) ?? InvitesConfig()
        guard let app, let theme, let links else { return nil }
        self.app = app
        self.theme = theme
        self.locales = locales
        self.links = links
    }

    /// `serving: [nginx, netlify]`: each a known host, once; Netlify and Cloudflare Pages read the
    /// same file names, so a site writes for one of them.
    private static func serving(_ mapping: YAMLReader.Mapping) -> [ServingTarget] {
        let targets = mapping.choices(
            "serving", of: ServingTarget.self, what: "a host Beckon writes serving rules for")
        if let targets, targets.contains(.netlify), targets.contains(.cloudflare) {
            mapping.reader.invalid(
                "`netlify` and `cloudflare` both write `_headers` and `_redirects`",
                at: mapping.location(of: "serving"), fix: "Keep the one host the output is deployed to.")
        }
        return targets ?? []
    }

    /// `pages: [landing, gone]`: each a page kind, once.
    private static func pages(_ mapping: YAMLReader.Mapping) -> [TemplateKind]? {
        mapping.choices("pages", of: TemplateKind.self, what: "a page kind")
    }

    private static func samples(
        _ mapping: YAMLReader.Mapping, _ reader: YAMLReader, createdAt: Date
    ) -> [InviteValues] {
        guard let value = mapping.value("samples") else { return [] }
        guard let items = value.items else {
            reader.report(
                .error(
                    "config.type", "`samples` must be a list of sample invites", at: value.location,
                    fix: "Write each sample as a `- id: …` item."))
            return []
        }
        var result: [InviteValues] = []
        for item in items {
            guard let sampleMapping = reader.mapping(item, named: "samples[]", keys: InviteValues.keys),
                let sample = InviteValues(sampleMapping, defaultCreatedAt: createdAt)
            else { continue }
            if result.contains(where: { $0.id == sample.id }) {
                reader.invalid(
                    "two samples are named `\(sample.id)`", at: sampleMapping.location(of: "id"),
                    fix: "Give every sample its own id.", rule: "duplicate-sample")
                continue
            }
            result.append(sample)
        }
        return result
    }
}
