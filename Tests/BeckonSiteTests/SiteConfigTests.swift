import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Testing

@Suite struct SiteConfigTests {
    static let valid = SiteFixture.files(SiteFixture.minimal).first { $0.0 == "beckon.yml" }!.1

    func load(_ text: String) -> (SiteConfig?, [Diagnostic]) {
        let (value, yamlDiagnostics) = YAMLParser.parse(text, path: "beckon.yml")
        guard let value else { return (nil, yamlDiagnostics) }
        let reader = YAMLReader(family: "config")
        return (SiteConfig(value, reader: reader), reader.diagnostics)
    }

    @Test func readsAValidConfiguration() throws {
        let (config, diagnostics) = load(Self.valid)
        #expect(diagnostics.isEmpty)
        let site = try #require(config)
        #expect(site.app.name == "Minimo")
        #expect(site.locales.list.map(\.rawValue) == ["en-US", "de-DE"])
        #expect(site.links.url(code: "ABCDEF") == "https://join.minimo.test/invite/ABCDEF")
        #expect(site.expiryDays == 30)
        #expect(site.limits.emailBodyWords == 120)
        #expect(site.samples.map(\.id) == ["maya"])
        #expect(site.samples.first?.code.rawValue.count == 15)
    }

    @Test(
        arguments: [
            ("  name: Minimo", "  nmae: Minimo", "config.unknown-key", 3),
            ("text: \"#111111\"", "text: \"#11111\"", "config.invalid-color", 14),
            ("list: [en-US, de-DE]", "list: [en-US, ../de]", "config.invalid-locale", 18),
            ("baseURL: https://join.minimo.test", "baseURL: http://join.minimo.test", "config.invalid-url", 4),
            ("  supportEmail: help@minimo.test\n", "", "config.missing-key", 2),
            ("appStoreID: \"123456789\"", "appStoreID: \"id123\"", "config.invalid-value", 5),
            ("context: achievement", "context: achivement", "config.invalid-value", 22),
            ("urlScheme: minimo", "urlScheme: \"minimo://\"", "config.invalid-value", 8),
            // A CR/LF would end an email header or a `mailto:` subject early.
            ("  name: Minimo", "  name: \"Mini\\r\\nBcc: x@evil.test\"", "config.invalid-value", 3),
            (
                "context: achievement", "context: achievement\n    contextTitle: \"10K\\r\\nrun\"",
                "config.invalid-value", 23
            ),
            // A right-to-left override would reverse a subject or a title around the name.
            ("inviterFirstName: Maya", "inviterFirstName: \"Maya\\u202Egnp.exe\"", "config.invalid-value", 21),
            // The beacon reports to the site itself, never to a third party.
            (
                "samples:", "analytics:\n  endpoint: https://collect.tracker.test/e\nsamples:",
                "config.analytics-host", 20
            ),
            ("samples:", "analytics:\n  endpoint: http://join.minimo.test/e\nsamples:", "config.invalid-url", 20),
            // A fragment is never sent: the pixel's query after it would be lost.
            (
                "samples:", "analytics:\n  endpoint: https://join.minimo.test/e#top\nsamples:",
                "config.analytics-fragment", 20
            ),
        ] as [(String, String, String, Int)])
    func problemsAreLocated(old: String, new: String, rule: String, line: Int) {
        let (_, diagnostics) = load(SiteFixture.replacing(old, with: new, in: Self.valid))
        let match = diagnostics.first { $0.rule.rawValue == rule }
        #expect(match != nil, "expected \(rule), got \(diagnostics.map(\.rule))")
        #expect(match?.location?.line == line)
        #expect(match?.fix != nil)
    }

    @Test func fallbackChainsEndWithTheDefault() throws {
        let text = SiteFixture.replacing(
            "list: [en-US, de-DE]", with: "list: [en-US, de-DE, de-AT]\n  fallback:\n    de-AT: [de-DE]", in: Self.valid
        )
        let (config, diagnostics) = load(text)
        #expect(diagnostics.isEmpty)
        let locales = try #require(config?.locales)
        #expect(locales.fallbackChain(for: LocaleID("de-AT")!).map(\.rawValue) == ["de-DE", "en-US"])
        #expect(locales.fallbackChain(for: LocaleID("de-DE")!).map(\.rawValue) == ["de-AT", "en-US"])
        #expect(locales.fallbackChain(for: LocaleID("en-US")!).isEmpty)
    }

    @Test func everySectionKeyIsDocumented() throws {
        let documentation = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/site-format.md"), encoding: .utf8)
        for key in SiteConfig.keys {
            #expect(documentation.contains("`\(key)`"), "docs/site-format.md does not document `\(key)`")
        }
        for (section, keys) in SiteConfig.sectionKeys {
            for key in keys {
                let path = "\(section.replacingOccurrences(of: "[]", with: "[].")).\(key)".replacingOccurrences(
                    of: "[]..", with: "[].")
                #expect(documentation.contains("`\(path)`"), "docs/site-format.md does not document `\(path)`")
            }
        }
    }

    @Test func theBeaconMayReportToTheSiteOrAnAllowedHost() throws {
        for (endpoint, extra) in [
            ("https://join.minimo.test/events", ""),
            ("https://stats.minimo.test/e", "checks:\n  allowedHosts: [stats.minimo.test]\n"),
        ] {
            let (config, diagnostics) = load(Self.valid + "analytics:\n  endpoint: \(endpoint)\n" + extra)
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            #expect(config?.analytics?.endpoint.absoluteString == endpoint)
        }
    }
}
