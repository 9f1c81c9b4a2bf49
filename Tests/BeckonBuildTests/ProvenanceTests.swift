import BeckonBuild
import BeckonDiagnostics
import BeckonProvenance
import BeckonRender
import BeckonTestSupport
import Foundation
import Testing

/// Findings on rendered output are reported at the source line that produced the offending bytes,
/// once: a template line, a locale string, a setting or a sample invite's field.
@Suite struct ProvenanceTests {
    /// The minimal site with a stylesheet, a support link and a greeting in its landing page.
    static let fixture = SiteFixture.replacing(
        "Get {{app.name}}: [open the invite]({{invite.url}}).",
        with: """
            Get {{app.name}}: [open the invite]({{invite.url}}).

            Hi from {{inviter.firstName}}. [Help]({{app.supportURL}})
            """,
        in: SiteFixture.replacing(
            "</head>", with: "<style>{{{theme.css}}}</style>\n</head>",
            in: SiteFixture.acceptingEnglishInGerman(SiteFixture.minimal)))

    func check(_ fixture: String) async throws -> BuildResult {
        let folder = TemporaryDirectory()
        try SiteFixture.write(fixture, to: folder.url)
        let options = BuildOptions(
            site: folder.url, write: false,
            environment: [
                "BECKON_LINK_KEY": BeckonBinary.testLinkKey, "SOURCE_DATE_EPOCH": BeckonBinary.sourceDateEpoch,
            ])
        return await Pipeline(options: options).run()
    }

    /// The origin of the first occurrence of `text` in an artifact.
    func origin(of text: String, in path: String, _ result: BuildResult) throws -> Origin? {
        let artifact = try #require(result.artifacts.first { $0.path == path })
        let bytes = Array(text.utf8)
        let offset = try #require(
            artifact.bytes.indices.first { artifact.bytes[$0...].starts(with: bytes) }, "\(text) not in \(path)")
        return artifact.provenance?.origin(at: offset)
    }

    @Test func everyKindOfOriginIsRecorded() async throws {
        let result = try await check(Self.fixture)
        #expect(result.report.diagnostics.isEmpty, "\(result.report.diagnostics)")
        let page = "en-US/samples/maya/invite/index.html"
        // The landing template's text (line 10 of the file: front matter, blank, heading, blank…).
        let greeting = try #require(try origin(of: "Hi from", in: page, result))
        #expect(greeting.kind == .template)
        #expect(greeting.location == SourceLocation(file: "templates/pages/landing.md", line: 10, column: 1))
        // A locale string, from the bundle that supplied it.
        let title = try #require(try origin(of: "invited you to", in: page, result))
        #expect(title.kind == .string)
        #expect(title.key == "landing.title")
        #expect(title.location.file == "locales/en-US.yml")
        #expect(title.location.line == 4)
        // A theme colour, at its line in beckon.yml.
        let color = try #require(try origin(of: "#0645ad", in: page, result))
        #expect(color.kind == .config)
        #expect(color.key == "theme.light.link")
        #expect(color.location.line == 14)
        // An app URL.
        let support = try #require(try origin(of: "https://minimo.test/help", in: page, result))
        #expect(support.key == "app.supportURL")
        #expect(support.location.line == 6)
        // A sample invite's value.
        let name = try #require(try origin(of: "Maya</bdi>.", in: page, result))
        #expect(name.kind == .sample)
        #expect(name.key == "maya.inviterFirstName")
        #expect(name.location.line == 22)
        // What the layout writes itself.
        let head = try #require(try origin(of: "<meta charset", in: page, result))
        #expect(head.kind == .layout)
        #expect(head.location == SourceLocation(file: "templates/layouts/page.mustache", line: 4))
    }

    @Test func aBrokenLinkInATemplateIsOneErrorAtItsLine() async throws {
        let fixture = SiteFixture.replacing(
            "Hi from", with: "See [the guide](/en-US/nowhere/). Hi from", in: Self.fixture)
        let result = try await check(fixture)
        let errors = result.report.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.rule == "links.target")
        #expect(error.location == SourceLocation(file: "templates/pages/landing.md", line: 10, column: 5))
        // Every page it was made in: two locales, with and without the sample.
        #expect(error.occurrences.count == 4)
        #expect(Occurrence.summary(error.occurrences) == "in de-DE and en-US, sample maya")
    }

    @Test func aBrokenLinkInAStringIsReportedAtTheString() async throws {
        var fixture = SiteFixture.replacing(
            "Hi from", with: "{{t.landing.help}} Hi from", in: Self.fixture)
        fixture = SiteFixture.replacing(
            "expired:\n  title: This invite has expired",
            with: "  help: \"[Help](https://elsewhere.test/help)\"\nexpired:\n  title: This invite has expired",
            in: fixture)
        let result = try await check(fixture)
        let error = try #require(result.report.diagnostics.first { $0.rule == "links.host" }, "\(result.report)")
        #expect(error.location?.file == "locales/en-US.yml")
        #expect(error.location?.line == 5)
        #expect(result.report.diagnostics.filter { $0.rule == "links.host" }.count == 1)
    }

    @Test func aLinkTheLayoutWritesIsReportedAtTheLayoutLine() async throws {
        let fixture = SiteFixture.replacing(
            "<main>", with: "<main><a href=\"/nowhere/\">x</a>", in: Self.fixture)
        let result = try await check(fixture)
        let error = try #require(result.report.diagnostics.first { $0.rule == "links.target" })
        #expect(error.location?.file == "templates/layouts/page.mustache")
        #expect(error.location?.line == 17)
        // Once, for all twelve pages the layout renders.
        #expect(error.occurrences.count == 12)
        #expect(result.report.diagnostics.filter { $0.rule == "links.target" }.count == 1)
    }

    @Test func aContrastFailureIsReportedAtTheColour() async throws {
        let fixture = SiteFixture.replacing(
            "link: \"#0645ad\", button", with: "link: \"#f5b700\", button", in: Self.fixture)
        let result = try await check(fixture)
        let findings = result.report.diagnostics.filter { $0.rule.rawValue.hasPrefix("contrast.") }
        #expect(!findings.isEmpty, "\(result.report.diagnostics)")
        for finding in findings {
            // The `link` key inside the flow mapping of `theme.light`.
            #expect(
                finding.location == SourceLocation(file: "beckon.yml", line: 14, column: 51),
                "\(finding.rule) \(finding.message)")
        }
    }

    @Test func aBadLinkInAnEmailTemplateIsOneErrorAtItsLineInBothParts() async throws {
        let fixture =
            SiteFixture.replacing("samples:", with: "email:\n  from: invites@minimo.test\nsamples:", in: Self.fixture)
                + """

                -- templates/email/invite.md --
                ---
                kind: email
                subject: email.subject
                preheader: email.preheader
                transactional: false
                ---
                # {{t.email.heading}}

                Read [the guide](https://elsewhere.test/guide) before you start.

                {{button t.email.accept invite.url}}
                -- locales/en-US.yml --
                common:
                  friend: A friend
                landing:
                  title: "{inviter} invited you to {app}"
                expired:
                  title: This invite has expired
                gone:
                  title: This invite was cancelled
                android:
                  title: "{app} for Android is coming"
                email:
                  subject: "{inviter} invited you to {app}"
                  preheader: Your invite to Minimo is waiting for you — accept it in two taps from this email.
                  heading: You are invited
                  accept: Accept the invite
                """
        let result = try await check(fixture)
        let errors = result.report.diagnostics.filter { $0.rule == "links.host" }
        #expect(errors.count == 1, "\(result.report.diagnostics.map { "\($0.rule) \($0.location!) \($0.message)" })")
        let error = try #require(errors.first)
        #expect(error.location?.file == "templates/email/invite.md")
        #expect(error.location?.line == 9)
        // The HTML and the plain-text part, in both locales.
        #expect(Set(error.occurrences.compactMap(\.artifact).map { String($0.suffix(4)) }) == [".txt", "html"])
    }

    @Test func aTooLongTitleIsOneFindingAtTheStringWithWhatEachSampleMadeOfIt() async throws {
        let fixture = SiteFixture.replacing(
            "title: \"{inviter} invited you to {app}\"",
            with: "title: \"{inviter} invited you to {app}, the app for every run, ride and swim you ever do\"",
            in: Self.fixture)
        let result = try await check(fixture)
        let findings = result.report.diagnostics.filter { $0.rule == "chars.max" }
        #expect(findings.count == 1, "\(findings.map(\.message))")
        let finding = try #require(findings.first)
        #expect(finding.location?.file == "locales/en-US.yml")
        #expect(finding.location?.line == 4)
        #expect(finding.message == "the title is over 60 characters in en-US")
        // With and without the sample, the title differs in length; each occurrence says how long.
        let details = Set(finding.occurrences.compactMap(\.detail))
        #expect(details.count == 2, "\(details)")
        #expect(details.contains { $0.contains("Maya invited you") })
    }
}
