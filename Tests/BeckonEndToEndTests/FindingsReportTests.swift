import BeckonTestSupport
import Foundation
import Testing

/// How `beckon` reports findings to people: errors first, a typo's fix naming the key it
/// misspells, an argument located at itself, one finding per bad value.
@Suite struct FindingsReportTests {
    /// The minimal site with a mistyped key in the landing template (an error) and a German string
    /// filled from English (a warning, in a file that sorts before the template).
    static let site = SiteFixture.replacing(
        "  list: [en-US, de-DE]", with: "  list: [en-US, de-DE]\n  fallback: {de-DE: [en-US]}",
        in: SiteFixture.replacing(
            "{{t.landing.title}}", with: "{{t.landing.titel}}",
            in: SiteFixture.replacing(
                "expired:\n  title: This invite has expired",
                with: "expired:\n  title: This invite has expired\n  note: Ask for a new one", in: SiteFixture.minimal))
    )

    static func build(_ fixture: String) throws -> BeckonBinary.Run {
        let site = TemporaryDirectory()
        try SiteFixture.write(fixture, to: site.url)
        return try BeckonBinary.run(["build", "--site", site.url.path])
    }

    /// The lines that start a finding, in the order printed.
    static func headers(_ output: String) -> [Substring] {
        output.split(separator: "\n").filter { $0.contains("error[") || $0.contains("warning[") }
    }

    @Test func theTextReportListsErrorsBeforeWarnings() throws {
        let run = try Self.build(Self.site)
        #expect(run.status == 1)
        let headers = Self.headers(run.stdout)
        #expect(
            headers.map { $0.prefix { $0 != "]" } } == [
                "templates/pages/landing.md:6:3: error[l10n.missing-key", "beckon.yml:1:1: warning[links.unsigned",
                "locales/de-DE.yml:6:10: warning[l10n.fallback",
            ], "\(run.stdout)")
    }

    @Test func aMistypedKeysFixNamesTheKey() throws {
        let run = try Self.build(Self.site)
        #expect(run.stdout.contains("fix: Did you mean `landing.title`? Change `landing.titel` to `landing.title`."))
        #expect(!run.stdout.contains("Add `landing.titel`"))
    }

    @Test func anUnknownArgumentIsLocatedAtItself() throws {
        let run = try Self.build(
            SiteFixture.replacing(
                "title: \"{inviter} invited you to {app}\"", with: "title: \"{inviter} invited you to {ap}\"",
                in: SiteFixture.minimal))
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "locales/en-US.yml:4:36: error[l10n.unknown-argument]: `landing.title` uses the argument `{ap}`"),
            "\(run.stdout)")
    }

    @Test func aBadPhoneNumberIsOneFinding() throws {
        let run = try Self.build(
            SiteFixture.replacing(
                "    context: achievement\n",
                with: "    context: achievement\n    phone: \"+49 151 not a number\"\n    channels: [sms, whatsapp]\n",
                in: SiteFixture.minimal))
        #expect(run.status == 1)
        #expect(Self.headers(run.stdout).map { $0.prefix { $0 != ":" } } == ["beckon.yml"], "\(run.stdout)")
        #expect(run.stdout.contains("error[config.invalid-phone]"))
        #expect(run.stdout.contains("Build failed: 1 error."))
    }

    /// The preview's index lists the same findings errors first.
    @Test func thePreviewListsErrorsBeforeWarnings() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(Self.site, to: site.url)
        let preview = try RunningPreview(site: site.url)
        let index = try LoopbackHTTP.get(port: preview.port, "/")
        let error = index.body.range(of: "<code class=\"rule\">l10n.missing-key</code>")
        let warning = index.body.range(of: "<code class=\"rule\">l10n.fallback</code>")
        #expect(error != nil && warning != nil, "\(index.body)")
        if let error, let warning { #expect(error.lowerBound < warning.lowerBound) }
        #expect(preview.interrupt() == 0)
    }
}
