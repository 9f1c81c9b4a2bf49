import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import BeckonSite
import Foundation
import Testing

@Suite struct PageRuleTests {
    static let clean = """
        <!DOCTYPE html>
        <html lang="de-DE" dir="ltr">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>Einladung</title>
        <meta property="og:type" content="website"><meta property="og:title" content="Einladung">
        <meta property="og:description" content="Komm dazu"><meta property="og:url" content="https://j.test/de-DE/invite/">
        <meta property="og:image" content="https://j.test/card.png"><meta name="twitter:card" content="summary">
        </head>
        <body><main><h1>Hallo</h1><img src="/a.png" alt=""></main></body>
        </html>
        """

    func findings(_ html: String) -> [Diagnostic] {
        let artifact = Artifact(
            path: "de-DE/invite/index.html", kind: .landing, locale: LocaleID("de-DE"),
            template: "templates/pages/landing.md", sample: "maya", contentType: "text/html; charset=utf-8",
            bytes: Array(html.utf8))
        let image = Artifact(path: "a.png", kind: .asset, contentType: "image/png", bytes: [1])
        return Checker.standard(CheckContext(allowedHosts: ["j.test"])).check([artifact, image])
    }

    @Test func aCleanPageHasNoFindings() {
        #expect(findings(Self.clean).isEmpty)
    }

    @Test(
        arguments: [
            ("lang=\"de-DE\"", "lang=\"en\"", "doc.lang"),
            ("dir=\"ltr\"", "dir=\"rtl\"", "doc.lang"),
            ("<title>Einladung</title>", "", "doc.title"),
            ("<title>Einladung</title>", "<title> </title>", "doc.title"),
            ("<h1>Hallo</h1>", "<h2>Hallo</h2>", "doc.h1"),
            ("<h1>Hallo</h1>", "<h1>a</h1><h1>b</h1>", "doc.h1"),
            ("width=device-width, initial-scale=1", "width=980", "doc.viewport"),
            ("<meta name=\"robots\" content=\"noindex\">", "", "doc.noindex"),
            ("alt=\"\"", "", "doc.img-alt"),
            ("<main>", "<main><p>x</span>", "doc.parse"),
        ] as [(String, String, String)])
    func eachRuleFires(old: String, new: String, rule: String) throws {
        let html = Self.clean.replacingOccurrences(of: old, with: new)
        let diagnostics = findings(html)
        let match = try #require(diagnostics.first { $0.rule.rawValue == rule }, "expected \(rule)")
        #expect(match.location?.file == "templates/pages/landing.md")
        #expect(match.locale == "de-DE")
        #expect(match.sample == "maya")
        #expect(match.artifact == "de-DE/invite/index.html")
        #expect(match.artifactNote?.hasPrefix("in de-DE/invite/index.html") == true)
        #expect(match.fix != nil)
    }
}
