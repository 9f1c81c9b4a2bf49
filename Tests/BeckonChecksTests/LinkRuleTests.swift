import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import BeckonSite
import Foundation
import InviteModel
import Testing

/// Link fixtures: a page with one planted defect per rule, all of which must be found, and a clean
/// page with everything tools commonly get wrong — app-link schemes, `alt=""`, `#top`,
/// root-relative links, `srcset` — which must yield no finding.
@Suite struct LinkRuleTests {
    static let context = CheckContext(
        allowedHosts: ["join.playa.app", "apps.apple.com", "wa.me"], appSchemes: ["playa"],
        linkPolicy: LinkPolicy(host: "join.playa.app", keyID: "k1"))

    static func page(_ path: String, _ body: String, head: String = "") -> Artifact {
        let html = """
            <!DOCTYPE html>
            <html lang="en-US" dir="ltr">
            <head><meta charset="utf-8"><title>t</title>\(head)</head>
            <body id="top-of-page">
            \(body)
            </body>
            </html>
            """
        return Artifact(
            path: path, kind: .landing, locale: LocaleID("en-US"), template: "templates/pages/landing.md",
            contentType: "text/html; charset=utf-8", bytes: Array(html.utf8))
    }

    static let clean = page(
        "en-US/invite/index.html",
        """
        <a href="/en-US/expired/">expired</a> <a href="../expired/#why">why</a> <a href="#">top</a> <a href="#top">top</a>
        <a href="#top-of-page">start</a> <a href="playa://invite/ABCDEFGH">open</a> <a href="instagram://user?username=maya.s">ig</a>
        <a href="https://wa.me/4915123456789?text=Hi%20there">wa</a> <a href="sms:+4915123456789?&amp;body=Hi">sms</a>
        <a href="mailto:help@playa.app?subject=Hi">mail</a> <a href="tel:+4930123456">call</a>
        <a href="https://apps.apple.com/app/id6478123450">store</a>
        <img src="/assets/logo.svg" srcset="/assets/logo.svg 1x, /assets/logo@2x.svg 2x" alt="">
        """,
        head: "<meta property=\"og:image\" content=\"https://join.playa.app/assets/og.png\">")
    static let expired = page("en-US/expired/index.html", "<p id=\"why\">why</p>")
    static let assets = ["assets/logo.svg", "assets/logo@2x.svg", "assets/og.png"].map {
        Artifact(path: $0, kind: .asset, contentType: "image/png", bytes: [1])
    }

    @Test func theCleanFixtureHasNoFindings() {
        let findings = Checker.standard(Self.context).check([Self.clean, Self.expired] + Self.assets)
            .filter { $0.rule.family == "links" }
        #expect(findings.isEmpty, "\(findings.map { "\($0.rule): \($0.message)" })")
    }

    @Test(arguments: [
        ("<a href=\"javascript:alert(1)\">x</a>", "links.scheme"),
        ("<a href=\"data:text/html,hi\">x</a>", "links.scheme"),
        ("<a href=\"http://join.playa.app/\">x</a>", "links.scheme"),
        ("<a href=\"ftp://files.test/a\">x</a>", "links.scheme"),
        ("<a href=\"https://evil.example/\">x</a>", "links.host"),
        ("<a href=\"/en-US/nowhere/\">x</a>", "links.target"),
        ("<img src=\"/assets/missing.png\" alt=\"\">", "links.target"),
        (
            "<img src=\"/assets/logo.svg\" srcset=\"/assets/logo.svg 1x, /assets/gone@2x.svg 2x\" alt=\"\">",
            "links.target"
        ),
        ("<a href=\"../expired/#because\">x</a>", "links.fragment"),
        ("<a href=\"#nothing-here\">x</a>", "links.fragment"),
        ("<a href=\"https://join.playa.app/{{invite.url}}\">x</a>", "links.placeholder"),
        ("<a href=\"https://join.playa.app/%7B%7Binvite%7D%7D\">x</a>", "links.placeholder"),
        ("<a href=\"https://join.playa.app/%7binvite%7d\">x</a>", "links.placeholder"),
        ("<a href=\"https://join.playa.app/a}\">x</a>", "links.placeholder"),
        (
            "<a href=\"https://join.playa.app/invite/abc?exp=1&amp;kid=k1&amp;sig=AAAAAAAAAAAAAAAAAAAAAA\">x</a>",
            "links.invite"
        ),
        ("<a href=\"mailto:not-an-address\">x</a>", "links.deep-link"),
        ("<a href=\"tel:12345\">x</a>", "links.deep-link"),
        ("<a href=\"sms:notaphone?&amp;body=x\">x</a>", "links.deep-link"),
        ("<a href=\"instagram://user?username=..bad\">x</a>", "links.deep-link"),
        ("<a href=\"playa:\">x</a>", "links.deep-link"),
        ("<a href=\"https://wa.me/not-a-number?text=Hi\">x</a>", "links.deep-link"),
        // Its host as a browser reads it: `w%61.me` is `wa.me`.
        ("<a href=\"https://w%61.me/4915123456789?text=Hi\">x</a>", "links.deep-link"),
    ])
    func everyPlantedDefectIsFound(body: String, rule: String) throws {
        let page = Self.page("en-US/invite/index.html", body)
        let findings = Checker.standard(Self.context).check([page, Self.expired] + Self.assets)
        let match = try #require(
            findings.first { $0.rule.rawValue == rule }, "\(rule) not found in \(findings.map(\.rule))")
        #expect(match.location?.file == "templates/pages/landing.md")
        #expect(match.artifact == "en-US/invite/index.html")
        #expect(match.artifactLine == 5)
    }

    /// A brace in the invite's own data (a message body, a recipient) is not a placeholder left
    /// behind; one anywhere else in the link is, written or percent-encoded in either case.
    @Test(arguments: [
        ("sms:+14155550100?&amp;body=Hi%20%7Bfriend%7D", false),
        ("mailto:?subject=Join&amp;body=%7b%7d", false),
        ("https://wa.me/?text=%7Bx%7D", false),
        ("https://join.playa.app/%7Dx", true),
        ("https://join.playa.app/x?v=%7d", true),
        ("https://join.playa.app/x%7", false),
        ("https://join.playa.app/x%77B", false),
    ])
    func placeholdersAreLookedForOutsideTheInvitesData(href: String, found: Bool) {
        let page = Self.page("en-US/invite/index.html", "<a href=\"\(href)\">x</a>")
        let findings = Checker.standard(Self.context).check([page, Self.expired] + Self.assets)
        #expect(findings.contains { $0.rule == "links.placeholder" } == found)
    }

    @Test func relativeOpenGraphImagesAreFound() throws {
        let page = Self.page(
            "en-US/invite/index.html", "", head: "<meta property=\"og:image\" content=\"/assets/og.png\">")
        let findings = Checker.standard(Self.context).check([page] + Self.assets)
        #expect(findings.contains { $0.rule == "links.absolute" })
    }

    @Test func linksInShareMessagesAreCheckedToo() {
        let message = Artifact(
            path: "messages/en-US/generic.sms.txt", kind: .shareMessage, locale: LocaleID("en-US"),
            template: "locales/en-US.yml", contentType: "text/plain; charset=utf-8",
            bytes: Array("Join me: https://evil.example/x".utf8), deepLink: "sms:notaphone?&body=x")
        let rules = Set(Checker.standard(Self.context).check([message]).map(\.rule))
        #expect(rules.isSuperset(of: ["links.host", "links.deep-link"]))
    }
}
