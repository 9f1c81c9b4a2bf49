import BeckonLocalization
import BeckonProvenance
import BeckonSite
import BeckonTestSupport
import Foundation
import InviteModel
import Testing

@testable import BeckonBuild
@testable import BeckonEmail
@testable import BeckonInvitePages

/// An email filled in from its compiled template × locale is the email rendered whole, byte for
/// byte and span for span, for the samples of every site and for values in every script, with
/// markup, line breaks, bidi controls, select keywords, CJK letters, combining marks, empty and
/// 1,000 characters; and every one of them is compiled.
@Suite struct CompiledEmailTests {
    func renderer(_ site: URL) async throws -> EmailRenderer {
        let result = await InvitePagesTests().build(site)
        #expect(!result.report.hasErrors, "\(result.report.diagnostics.prefix(3))")
        let pages = try #require(result.invitePages)
        return try #require(pages.emails)
    }

    /// Compares the compiled and the whole rendering of one email.
    func expectSame(
        _ renderer: EmailRenderer, _ template: EmailTemplate, _ locale: LocaleID, _ sample: InviteValues,
        link: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let send = link.map { EmailRenderer.Send(acceptLink: $0, date: nil) }
        // The first email of a shape is rendered whole; the second is filled in from its compiled form.
        _ = renderer.render(template, locale: locale, sample: sample, send: send)
        let (compiled, compiledDiagnostics) = renderer.render(template, locale: locale, sample: sample, send: send)
        let values = EmailValues(
            sample: sample,
            link: link ?? renderer.acceptLinks[sample.id] ?? renderer.site.config.links.url(code: sample.code.rawValue))
        // A digest's list of invitees is no hole of a compiled email: digests are rendered whole.
        if template.notify != .joinedDigest {
            #expect(
                renderer.compiled(template, locale: locale, values: values) != nil,
                "\(template.name) in \(locale) is not compiled", sourceLocation: sourceLocation)
        }
        let (whole, wholeDiagnostics) = renderer.renderWhole(template, locale: locale, sample: sample, send: send)
        let name = "\(template.name) in \(locale) for \(sample.inviterFirstName.debugDescription)"
        #expect(
            compiledDiagnostics.map(\.rule) == wholeDiagnostics.map(\.rule), "\(name)", sourceLocation: sourceLocation)
        // Compared part by part, reported by name only: a whole email in a failure is unreadable.
        let parts: [(String, (RenderedEmail) -> AnyHashable)] = [
            ("html", { $0.html }), ("text", { $0.text }), ("subject", { $0.subject }), ("mime", { $0.mime }),
            ("spans", { $0.provenance.spans }), ("origins", { $0.provenance.origins }),
        ]
        let differing = parts.filter { _, part in compiled.map(part) != whole.map(part) }.map(\.0)
        #expect(differing.isEmpty, "\(name): \(differing) differ", sourceLocation: sourceLocation)
    }

    @Test(arguments: InvitePagesTests.sites)
    func everySampleCompilesToItsWholeRendering(site: URL) async throws {
        let renderer = try await renderer(site)
        for (template, locale, sample) in renderer.routes() {
            expectSame(renderer, template, locale, sample)
        }
    }

    /// Values a user can give an invite: every script the samples cover and then some.
    static let names = [
        "Maya", "", "none", "other", "José María", "Zoë-Chloé O'Brien", "Мария", "مريم", "דנה", "さくら", "田中 太郎",
        "김민지", "王芳", "ราณี", "Ngozi 👩🏾‍🚀", "<script>alert(1)</script>", "{{app.name}}", "{inviter}", "**bold** _x_",
        "[link](https://evil.example)", "a & b \"quoted\" 'single'", "line\nbreak", "carriage\r\nreturn",
        "\u{202E}gnirts\u{202C}", "\u{2067}isolated\u{2069}", "  spaced  out  ", "\u{301}combining",
        String(repeating: "Long", count: 250), "https://join.playa.app/x?a=1&b=2",
    ]

    @Test(arguments: InvitePagesTests.sites)
    func valuesInEveryScriptCompileToTheWholeRendering(site: URL) async throws {
        let renderer = try await renderer(site)
        var generator = SeededGenerator(seed: 2026_11_27)
        let base = try #require(renderer.site.config.samples.first)
        for template in renderer.site.emailTemplates {
            for locale in renderer.site.buildLocales {
                // Each value in every field at once, then values mixed at random.
                var samples = Self.names.map { name in
                    var sample = base
                    (sample.inviterFirstName, sample.inviterName) = (name, name)
                    (sample.inviteeFirstName, sample.contextTitle) = (name, name)
                    return sample
                }
                for _ in 0..<12 {
                    var sample = base
                    sample.inviterFirstName = Self.names.randomElement(using: &generator)!
                    sample.inviterName = Self.names.randomElement(using: &generator)! + " " + sample.inviterFirstName
                    sample.inviteeFirstName =
                        Bool.random(using: &generator) ? nil : Self.names.randomElement(using: &generator)
                    sample.contextTitle = Self.names.randomElement(using: &generator)
                    samples.append(sample)
                }
                for sample in samples {
                    expectSame(
                        renderer, template, locale, sample, link: "https://join.playa.app/invite/\(base.code)?s=a&t=b")
                }
            }
        }
    }
}
