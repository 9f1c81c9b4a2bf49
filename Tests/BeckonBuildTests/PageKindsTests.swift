import BeckonBuild
import BeckonDiagnostics
import BeckonRender
import BeckonTestSupport
import Foundation
import Testing

/// A site declares the pages it has (`pages:`); a site of emails or share messages needs none.
@Suite struct PageKindsTests {
    func build(_ fixture: String, removing paths: [String] = []) async throws -> BuildResult {
        let folder = TemporaryDirectory()
        try SiteFixture.write(fixture, to: folder.url)
        for path in paths { try FileManager.default.removeItem(at: folder.url.appendingPathComponent(path)) }
        let options = BuildOptions(
            site: folder.url, write: false,
            environment: [
                "BECKON_LINK_KEY": BeckonBinary.testLinkKey, "SOURCE_DATE_EPOCH": BeckonBinary.sourceDateEpoch,
            ])
        return await Pipeline(options: options).run()
    }

    static let pageTemplates = ["landing", "expired", "gone", "android"].map { "templates/pages/\($0).md" }

    static func declaring(_ pages: String, in fixture: String = SiteFixture.minimal) -> String {
        SiteFixture.replacing("samples:", with: "pages: \(pages)\nsamples:", in: fixture)
    }

    @Test func aSiteOfShareMessagesNeedsNoPages() async throws {
        let fixture =
            SiteFixture.replacing(
                "samples:", with: "share:\n  channels: [sms, whatsapp]\nsamples:", in: SiteFixture.minimal)
                + """

                -- locales/en-US.yml --
                share:
                  generic: "Hey, try {app}: {link}"
                  achievement: "I did it on {app}: {link}"
                  content: "Look at this on {app}: {link}"
                  collaborative: "Join me on {app}: {link}"
                -- locales/de-DE.yml --
                share:
                  generic: "Hallo, probier {app}: {link}"
                  achievement: "Geschafft mit {app}: {link}"
                  content: "Schau dir das auf {app} an: {link}"
                  collaborative: "Komm zu {app}: {link}"
                """
        let result = try await build(fixture, removing: Self.pageTemplates + ["templates/layouts"])
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.map(\.message))")
        #expect(result.artifacts.contains { $0.kind == .shareMessage })
        #expect(!result.artifacts.contains { $0.kind.isInvitePage })
    }

    @Test func onlyTheDeclaredPagesAreBuilt() async throws {
        let result = try await build(
            Self.declaring("[landing, gone]"), removing: ["templates/pages/expired.md", "templates/pages/android.md"])
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.map(\.message))")
        let kinds = Set(result.artifacts.filter(\.kind.isInvitePage).map(\.kind))
        #expect(kinds == [.landing, .gone])
    }

    @Test func aDeclaredPageWithoutATemplateIsAnErrorAtPages() async throws {
        let result = try await build(Self.declaring("[landing, expired, gone, android, accepted]"))
        let error = try #require(result.report.diagnostics.first { $0.rule == "template.missing" })
        #expect(error.message.contains("`accepted`"))
        #expect(error.location?.file == "beckon.yml")
        #expect(error.fix?.contains("templates/pages/accepted.md") == true)
    }

    @Test func aTemplateOfAnUndeclaredKindIsAnError() async throws {
        let result = try await build(Self.declaring("[landing, expired, gone]"))
        let error = try #require(result.report.diagnostics.first { $0.rule == "template.undeclared-page" })
        #expect(error.location?.file == "templates/pages/android.md")
        #expect(error.location?.line == 2)
    }

    @Test func anUnknownKindIsNamedWithASuggestion() async throws {
        let result = try await build(Self.declaring("[landing, expird]"))
        let error = try #require(result.report.diagnostics.first { $0.rule == "config.invalid-value" })
        #expect(error.message.contains("did you mean `expired`"), "\(error.message)")
    }

    @Test func theAcceptedPageIsRenderedPerLocaleAndSample() async throws {
        let fixture =
            Self.declaring("[landing, expired, gone, android, accepted]")
                + """

                -- templates/pages/accepted.md --
                ---
                kind: accepted
                layout: page
                title: landing.title
                ---
                # {{t.landing.title}}

                Welcome back. [Open {{app.name}}]({{invite.url}}).
                """
        let result = try await build(fixture)
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.map(\.message))")
        let accepted = result.artifacts.filter { $0.kind == .accepted }.map(\.path).sorted()
        #expect(
            accepted == [
                "de-DE/accepted/index.html", "de-DE/samples/maya/accepted/index.html", "en-US/accepted/index.html",
                "en-US/samples/maya/accepted/index.html",
            ])
        #expect(result.artifacts.filter { $0.kind == .accepted }.allSatisfy { $0.status == 200 })
    }
}
