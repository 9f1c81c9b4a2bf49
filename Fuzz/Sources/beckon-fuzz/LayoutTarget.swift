import BeckonDiagnostics
import BeckonRender

/// `layout`: a Mustache layout (`templates/layouts/page.mustache`).
///
/// Loads it beside a fixed partial (`footer`) and layout (`base`), which it may include; when it
/// parses, lints it against a page-like context and, as the build does, renders it only when the
/// linter found no error (the linter is what refuses partial cycles, which would render forever).
enum LayoutTarget {
    static let footer = SourceText(
        path: "templates/layouts/footer.mustache",
        text: "<footer>{{#app.hasStore}}<a href=\"{{app.storeURL}}\">{{t.common.cta}}</a>{{/app.hasStore}}</footer>\n")
    static let base = SourceText(
        path: "templates/layouts/base.mustache",
        text: """
            <!DOCTYPE html>
            <html lang="{{page.lang}}" dir="{{page.dir}}">
            <head><title>{{page.title}}</title></head>
            <body>{{$content}}{{{page.body}}}{{/content}}{{> footer}}</body>
            </html>

            """)

    static let context = TemplateValue.nested([
        "page.lang": .text("de-DE"),
        "page.dir": .text("ltr"),
        "page.title": .text("Maya lädt dich ein <3"),
        "page.body": .html("<h1>Hallo</h1>\n<p>Maya &amp; Jonas</p>\n"),
        "page.url": .text("https://playa.example/de-DE/"),
        "app.name": .text("Playa"),
        "app.hasStore": .flag(true),
        "app.hasBanner": .flag(false),
        "app.storeURL": .text("https://apps.apple.com/app/id1234567890"),
        "t.common.cta": .text("Hol dir die App"),
        "t.landing.title": .text("{{not a tag}}"),
        "html.landing.headline": .html("<strong>Maya</strong> lädt dich ein"),
        "alternates": .list([
            .object(["hreflang": .text("en-US"), "href": .text("https://playa.example/")]),
            .object(["hreflang": .text("ar"), "href": .text("https://playa.example/ar/")]),
        ]),
        "samples": .list([]),
    ])

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let page = SourceText(path: "templates/layouts/page.mustache", text: String(fuzzInput: bytes))
        let sources = [page, footer, base]
        var (library, diagnostics) = LayoutLibrary.load(["page": page, "footer": footer, "base": base])
        _ = library.messageKeys()
        _ = library.referencedKeys(of: "page")
        if library.contains("page") {
            let findings = LayoutLinter(library: library).lint("page", context: context)
            diagnostics += findings
            if !findings.contains(where: { $0.severity == .error }) {
                _ = library.render("page", context: context)
            }
        }
        DiagnosticsOutput.render(diagnostics, sources: sources)
    }
}
