import BeckonRender
import BeckonSite
import BeckonTestSupport
import Testing

@testable import BeckonServing

/// The serving plan read from a configuration and a list of artifacts, and the rules each host's
/// file states for it. Real nginx and Caddy serve a real build in the end-to-end tests.
@Suite struct ServingPlanTests {
    static func config(_ edit: (String) -> String = { $0 }) -> (SiteConfig?, [String]) {
        let text = edit(SiteFixture.files(SiteFixture.minimal).first { $0.0 == "beckon.yml" }!.1)
        let (value, _) = YAMLParser.parse(text, path: "beckon.yml")
        let reader = YAMLReader(family: "config")
        let config = value.flatMap { SiteConfig($0, reader: reader) }
        return (config, reader.diagnostics.map { "\($0.rule) \($0.message)" })
    }

    static func page(_ path: String, _ kind: ArtifactKind, status: Int = 200) -> Artifact {
        Artifact(path: path, kind: kind, status: status, contentType: "text/html; charset=utf-8", bytes: [])
    }

    static let artifacts = [
        page("en-US/invite/index.html", .landing), page("de-DE/invite/index.html", .landing),
        page("en-US/gone/index.html", .gone, status: 410),
        Artifact(
            path: ".well-known/apple-app-site-association", kind: .aasa, contentType: "application/json", bytes: []),
        Artifact(path: "emails/en-US/maya/invite.eml", kind: .emailMIME, contentType: "message/rfc822", bytes: []),
    ]

    static let locales = [LocaleID("en-US")!, LocaleID("en-GB")!, LocaleID("de-DE")!]

    @Test func pathLinksOnTheSiteHostAreAnsweredWithTheLandingPage() throws {
        let config = try #require(Self.config().0)
        let plan = ServingPlan(config: config, locales: Self.locales, artifacts: Self.artifacts)
        #expect(plan.invitePath == "/invite/" && plan.invitePathIsPrefix)
        #expect(plan.statusPages == [.init(folder: "/en-US/gone/", file: "/en-US/gone/index.html", status: 410)])
        #expect(plan.contentTypes.map(\.path) == ["/.well-known/apple-app-site-association"])
        #expect(plan.messages == ["/emails/en-US/maya/invite.eml"])
        #expect(NetlifyRules.headers(plan).contains("/emails/en-US/maya/invite.eml\n  Content-Type: message/rfc822"))
        // en-GB shares en-US's language: the default locale keeps it.
        #expect(plan.languages.map(\.locale) == ["en-US", "de-DE"])
        let nginx = NginxRules.text(plan)
        #expect(nginx.contains("location ^~ \"/invite/\" {"))
        #expect(nginx.contains("if ($http_accept_language ~* \"^\\s*de(-|;|,|\\s|$)\") { set $beckon_locale de-DE; }"))
        #expect(!nginx.contains("/emails/"), "the .eml rule covers every message")
        let caddy = CaddyRules.text(plan)
        #expect(caddy.contains("@beckon_invite path_regexp \"^/invite/\"\nroute @beckon_invite {"))
        #expect(caddy.contains("@beckon_status_0 path_regexp \"^/en-US/gone/\"\nhandle @beckon_status_0 {"))
    }

    /// `serving: [beckon-serve]`: the proxy rules pass on the server's own routes, a site
    /// without landing pages included: its query-form links, its accept links (seed 003), its
    /// beacon and the API, each once, in both hosts' syntax.
    @Test func theProxyRulesPassOnEveryRouteTheServerAnswers() throws {
        let config = try #require(
            Self.config {
                $0.replacingOccurrences(
                    of: "samples:",
                    with: """
                        links: {host: join.minimo.test, form: query, path: /join}
                        analytics: {endpoint: https://join.minimo.test/e}
                        tokens:
                          issuer: https://join.minimo.test
                          audience: minimo-accept
                          keyID: m1
                          acceptURL: https://join.minimo.test/accept?token={token}
                        samples:
                        """)
            }.0)
        let plan = ServingPlan(
            config: config, locales: Self.locales, artifacts: Self.artifacts.filter { $0.kind != .landing })
        #expect(plan.invitePath == nil, "without landing pages a static host answers no link")
        #expect(plan.serverRoutes == ServerRoutes(config).routes)
        #expect(plan.serverRoutes.map(\.match) == [.exact("/join"), .exact("/accept"), .exact("/e"), .prefix("/v1/")])
        let nginx = NginxRules.text(plan, proxy: true)
        for location in ["= \"/join\"", "= \"/accept\"", "= \"/e\"", "^~ \"/v1/\""] {
            #expect(nginx.components(separatedBy: "location \(location) {\n    proxy_pass").count == 2, "\(location)")
        }
        let caddy = CaddyRules.text(plan, proxy: true)
        for (name, pattern) in [
            ("inviteLinks", "^/join$"), ("acceptLinks", "^/accept$"), ("beacon", "^/e$"), ("api", "^/v1/"),
        ] {
            #expect(
                caddy.contains("@beckon_\(name) path_regexp \"\(pattern)\"\nroute @beckon_\(name) {\n    reverse_proxy")
            )
        }
        // Links on another host are that host's: the rules of this one leave them out.
        let elsewhere = try #require(Self.config { $0 + "links: {host: links.minimo.test}\n" }.0)
        let other = ServingPlan(config: elsewhere, locales: Self.locales, artifacts: Self.artifacts)
        #expect(!other.serverRoutes.contains { $0.purpose == .inviteLinks })
    }

    @Test func queryLinksAreAnExactPath() throws {
        let config = try #require(Self.config { $0 + "links: {host: join.minimo.test, form: query, path: /join}\n" }.0)
        let plan = ServingPlan(config: config, locales: Self.locales, artifacts: Self.artifacts)
        #expect(plan.invitePath == "/join" && !plan.invitePathIsPrefix)
        #expect(NginxRules.text(plan).contains("location = \"/join\" {"))
        #expect(
            NetlifyRules.redirects(plan, languageConditions: true).contains(
                "/join  /de-DE/invite/index.html  200  Language=de"))
    }

    @Test func linksOnAnotherHostAndSitesWithoutLandingPagesGetNoInviteRules() throws {
        let config = try #require(Self.config { $0 + "links: {host: links.minimo.test}\n" }.0)
        let plan = ServingPlan(config: config, locales: Self.locales, artifacts: Self.artifacts)
        #expect(plan.invitePath == nil && plan.entryFolder == "invite")
        let withoutLanding = ServingPlan(
            config: config, locales: Self.locales, artifacts: Self.artifacts.filter { $0.kind != .landing })
        #expect(withoutLanding.entryFolder == nil)
        #expect(!NginxRules.text(withoutLanding).contains("location = / {"))
        #expect(!CaddyRules.text(withoutLanding).contains("route / {"))
    }

    @Test func cloudflareGetsOnlyWhatItSupports() throws {
        let config = try #require(Self.config().0)
        let plan = ServingPlan(config: config, locales: Self.locales, artifacts: Self.artifacts)
        let redirects = NetlifyRules.redirects(plan, languageConditions: false)
        #expect(!redirects.contains("410") && !redirects.contains("Language="))
        #expect(redirects.contains("/  /en-US/invite/  302"))
    }

    @Test(arguments: [
        ("serving: [apache]", "`apache` is not a host"), ("serving: [ngnix]", "did you mean `nginx`"),
        ("serving: [netlify, cloudflare]", "both write `_headers`"),
    ])
    func badTargetsAreRefused(line: String, message: String) {
        let diagnostics = Self.config { $0 + line + "\n" }.1
        #expect(diagnostics.contains { $0.contains(message) }, "\(diagnostics)")
    }
}
