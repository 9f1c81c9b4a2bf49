import BeckonDiagnostics
import BeckonSite
import Testing

@Suite struct TemplateParserTests {
    func parse(_ text: String) -> (Template?, [Diagnostic]) {
        TemplateParser.parse(SourceText(path: "templates/pages/landing.md", text: text))
    }

    @Test func readsFrontMatterAndBody() throws {
        let (template, diagnostics) = parse("---\nkind: landing\ntitle: landing.title\nmaxWords: 80\n---\n# {{t.x}}\n")
        #expect(diagnostics.isEmpty)
        let parsed = try #require(template)
        #expect(parsed.kind == .landing)
        #expect(parsed.layout == "landing")
        #expect(parsed.maxWords == 80)
        #expect(parsed.bodyStartLine == 6)
        #expect(parsed.placeholders.first?.location == SourceLocation(file: parsed.path, line: 6, column: 3))
    }

    /// A template saved with Windows line ends (CRLF) reads exactly as with LF ones.
    @Test func crlfLineEndsReadLikeLF() throws {
        let lf = "---\nkind: landing\ntitle: landing.title\n---\n# {{t.x}}\n\nBody {{app.name}}.\n"
        let (template, diagnostics) = parse(lf.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let crlf = try #require(template)
        let plain = try #require(parse(lf).0)
        #expect(crlf.kind == plain.kind)
        #expect(crlf.titleKey == plain.titleKey)
        #expect(crlf.bodyStartLine == plain.bodyStartLine)
        #expect(crlf.placeholders.map(\.path) == plain.placeholders.map(\.path))
        #expect(crlf.placeholders.map(\.location) == plain.placeholders.map(\.location))
    }

    /// An email template saved with CRLF line ends reads as with LF ones: the blank lines around a
    /// button (a lone CR each) keep it apart from the text, as they do in an LF file.
    @Test func crlfEmailTemplatesReadLikeLF() throws {
        let lf = """
            ---
            kind: email
            subject: email.invite.subject
            preheader: email.invite.preheader
            ---
            # {{t.email.invite.heading}}

            {{t.email.invite.greeting}}

            {{button t.email.invite.accept invite.url}}

            {{t.email.invite.expiry}}

            """
        func parse(_ text: String) -> (EmailTemplate?, [Diagnostic]) {
            EmailTemplateParser.parse(SourceText(path: "templates/email/invite.md", text: text))
        }
        let (template, diagnostics) = parse(lf.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let crlf = try #require(template)
        let plain = try #require(parse(lf).0)
        #expect(crlf.subjectKey == plain.subjectKey)
        #expect(crlf.components == plain.components)
        #expect(crlf.placeholders == plain.placeholders)
        #expect(crlf.document == plain.document)
        // A placeholder after the button is at its own line, not shifted by the button's marker.
        let expiry = plain.placeholders.first { $0.path == "t.email.invite.expiry" }
        #expect(expiry?.location == SourceLocation(file: plain.path, line: 12, column: 1))
    }

    @Test(
        arguments: [
            ("# no front matter\n", "template.front-matter", 1),
            ("---\nkind: landing\n", "template.front-matter", 1),
            ("---\nkind: lnading\ntitle: a.b\n---\n", "template.unknown-kind", 2),
            ("---\nkind: landing\n---\n", "template.missing-key", 2),
            ("---\nkind: landing\ntitle: a.b\ncolour: red\n---\n", "template.unknown-key", 4),
            ("---\nkind: landing\ntitle: a.b\n---\n<div>raw</div>\n", "template.raw-html", 5),
            ("---\nkind: landing\ntitle: [a\n---\n", "yaml.syntax", 4),
            (
                "---\nkind: landing\ntitle: a.b\n---\n" + String(repeating: "> ", count: 60) + "x\n",
                "template.too-deep", 5
            ),
        ] as [(String, String, Int)])
    func problemsAreLocated(text: String, rule: String, line: Int) {
        let (template, diagnostics) = parse(text)
        let match = diagnostics.first { $0.rule.rawValue == rule }
        #expect(match != nil, "expected \(rule), got \(diagnostics.map(\.rule))")
        #expect(match?.location?.line == line)
        if !["template.raw-html", "template.too-deep"].contains(rule) { #expect(template == nil) }
    }
}
