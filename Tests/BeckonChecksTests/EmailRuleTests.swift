import BeckonDiagnostics
import BeckonMIME
import BeckonRender
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonChecks

/// The email rules, each with a case that must fire, over a real rendered email (the reviewed
/// golden of the default site's Arabic invitation) changed in one place.
@Suite struct EmailRuleTests {
    static let golden: String = {
        let url = Repository.root.appendingPathComponent(
            "Tests/BeckonEndToEndTests/Goldens/emails__ar__arabic-name__invite.html")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()
    static let text = """
        https://join.playa.app/invite/5Y4JJZXXN79Y3Z3
        https://playa.app/help
        """

    func findings(
        html: String, text: String = EmailRuleTests.text, context: CheckContext = CheckContext(),
        extra: [Artifact] = []
    ) -> [Diagnostic] {
        func artifact(_ suffix: String, _ kind: ArtifactKind, _ type: String, _ bytes: [UInt8]) -> Artifact {
            Artifact(
                path: "emails/ar/arabic-name/invite" + suffix, kind: kind, locale: LocaleID("ar"),
                template: "templates/email/invite.md", sample: "arabic-name", contentType: type, bytes: bytes)
        }
        return Checker.standard(context).check(
            [
                artifact(".html", .emailHTML, "text/html; charset=utf-8", Array(html.utf8)),
                artifact(".txt", .emailText, "text/plain; charset=utf-8", Array(text.utf8)),
            ] + extra)
    }

    func rules(_ diagnostics: [Diagnostic]) -> Set<String> {
        Set(diagnostics.map(\.rule.rawValue).filter { $0.hasPrefix("email.") || $0 == "words.max" })
    }

    @Test func theGoldenPasses() {
        #expect(!Self.golden.isEmpty)
        #expect(rules(findings(html: Self.golden)).isEmpty, "\(findings(html: Self.golden))")
    }

    @Test(
        arguments: [
            // A subject over 78 characters.
            ("<title>", "<title>" + String(repeating: "طويل ", count: 20), "email.subject"),
            // A preheader of a few characters.
            ("انضم إلى أكثر من 50 ألف شخص يبقون على تواصل مع من يهمّهم. دعوتك في انتظارك.", "قصير", "email.preheader"),
            // A link only in the HTML part.
            ("https://playa.app/help", "https://playa.app/other", "email.text-urls"),
            // A logo without alt text.
            ("alt=\"Playa logo\"", "alt=\"\"", "email.logo"),
            // A light button label too close to its fill.
            (
                "background-color:#0b57d0;color:#ffffff", "background-color:#0b57d0;color:#3b77f0",
                "email.button-contrast"
            ),
            // A line over RFC 5322's 998 characters.
            ("<title>", "<title>" + String(repeating: "x", count: 1000), "email.size"),
            // A dark rule for every link under the body that outranks the button's own rule.
            (".bk-text a.bk-button{", ".bk-button{", "email.button-contrast"),
        ])
    func eachRuleFires(old: String, new: String, rule: String) {
        #expect(Self.golden.contains(old), "the golden changed: \(old)")
        let changed = Self.golden.replacingOccurrences(of: old, with: new)
        #expect(rules(findings(html: changed)).contains(rule), "\(findings(html: changed))")
    }

    /// The long line is reported at its own line, blank lines counted, once.
    @Test func aLongLineIsFoundAtItsLine() throws {
        let changed = Self.golden.replacingOccurrences(
            of: "<title>", with: "\n\r\n<title>" + String(repeating: "x", count: 1000))
        let prefix = try #require(changed.range(of: "<title>")).lowerBound
        let line = changed[..<prefix].utf8.filter { $0 == 0x0A }.count + 1
        let found = findings(html: changed).filter { $0.rule.rawValue == "email.size" }
        #expect(found.map(\.artifactLine) == [line])
        let exactly998 = Array("a\rb\r\n\n".utf8) + Array(repeating: 0x78, count: 998)
        #expect(EmailSizeRule.firstLongLine(exactly998) == nil)
        #expect(EmailSizeRule.firstLongLine(exactly998 + [0x78])?.line == 4)
    }

    @Test func aBodyOverItsWordLimitIsFound() {
        var limits = Limits()
        limits.emailBodyWords = 20
        let found = findings(html: Self.golden, context: CheckContext(limits: limits))
        #expect(rules(found) == ["words.max"])
    }

    @Test func theAcceptButtonMustCarryAVerifiedToken() {
        let prefix = "https://join.playa.app/invite/"
        let issued = "5Y4JJZXXN79Y3Z3"
        #expect(Self.golden.contains(prefix + issued))
        let good = CheckContext(emailAccept: .token(prefix: prefix, suffix: "", verdicts: [issued: ""]))
        #expect(!rules(findings(html: Self.golden, context: good)).contains("email.accept-link"))
        let failing = CheckContext(emailAccept: .token(prefix: prefix, suffix: "", verdicts: [issued: "expired"]))
        #expect(rules(findings(html: Self.golden, context: failing)).contains("email.accept-link"))
        let unknown = CheckContext(emailAccept: .token(prefix: prefix, suffix: "", verdicts: [:]))
        #expect(rules(findings(html: Self.golden, context: unknown)).contains("email.accept-link"))
        let elsewhere = CheckContext(
            emailAccept: .token(prefix: "https://app.selffull.io/accept?token=", suffix: "", verdicts: nil))
        #expect(rules(findings(html: Self.golden, context: elsewhere)).contains("email.accept-link"))
    }

    @Test func aMessageThatDoesNotMatchItsPartsIsFound() throws {
        let message = EmailMessage(
            from: Mailbox(address: "invites@playa.app"), to: Mailbox(address: "a@example.com"), subject: "Hi",
            textBody: "something else", htmlBody: EmailMessage.withCRLFLineEnds(Self.golden))
        let eml = Artifact(
            path: "emails/ar/arabic-name/invite.eml", kind: .emailMIME, locale: LocaleID("ar"),
            template: "templates/email/invite.md", contentType: "message/rfc822",
            bytes: Array(
                try message.encoded(stamp: .deterministic(date: Date(timeIntervalSince1970: 0), domain: "playa.app"))))
        #expect(rules(findings(html: Self.golden, extra: [eml])).contains("email.mime"))
        let broken = Artifact(
            path: "emails/ar/arabic-name/invite.eml", kind: .emailMIME, locale: LocaleID("ar"),
            template: "templates/email/invite.md", contentType: "message/rfc822",
            bytes: Array("Subject: x\n\nbare LF".utf8))
        #expect(rules(findings(html: Self.golden, extra: [broken])).contains("email.mime"))
    }
}
