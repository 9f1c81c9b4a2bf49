import BeckonDiagnostics
import BeckonRender
import BeckonSite

/// `template`: a Markdown template file with YAML front matter.
///
/// Reads the input as a page template (`templates/pages/x.md`) and as an email template
/// (`templates/email/x.md`, which also takes component lines such as `{{button …}}` out of the body),
/// renders a page template's body to HTML with placeholders resolved, and prints every diagnostic.
enum TemplateTarget {
    static let scope = RenderScope(
        values: [
            "app.name": .init(.text("Playa", isUserData: false)),
            "invite.url": .init(.url("https://playa.example/invite/7KQ2M9XH4C6TRPW")),
            "invite.code": .init(.text("7KQ2M9XH4C6TRPW", isUserData: false)),
            "inviter.firstName": .init(.text("Maya", isUserData: true)),
            "inviter.name": .init(.text("Maya Schmidt", isUserData: true)),
            "invitee.firstName": .init(.text("جمال", isUserData: true)),
            "store.ios": .init(.url("https://apps.apple.com/app/id1234567890")),
        ],
        catalog: Fixtures.catalog, locale: Fixtures.germanLocale, arguments: Fixtures.arguments,
        appSchemes: ["playa"])

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(fuzzInput: bytes)

        let page = SourceText(path: "templates/pages/x.md", text: text)
        let (template, pageDiagnostics) = TemplateParser.parse(page)
        var diagnostics = pageDiagnostics
        if let template {
            _ = template.placeholders.count
            let (_, renderDiagnostics) = TemplateBodyRenderer.html(template, scope: scope)
            diagnostics += renderDiagnostics
        }
        Trace.note(diagnostics, template == nil ? "page: not parsed" : "page: parsed")
        DiagnosticsOutput.render(diagnostics, sources: [page])

        let email = SourceText(path: "templates/email/x.md", text: text)
        let (emailTemplate, emailDiagnostics) = EmailTemplateParser.parse(email)
        Trace.note(emailDiagnostics, emailTemplate == nil ? "email: not parsed" : "email: parsed")
        DiagnosticsOutput.render(emailDiagnostics, sources: [email])
    }
}
