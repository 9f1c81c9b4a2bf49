import BeckonDiagnostics

/// A page side by side at phone (390 px) and desktop (1280 px) width, in the light or dark palette,
/// with a locale switcher that keeps the page, and the page's findings.
enum PageViewer {
    /// The palette a page is shown in: `scheme=dark` in the query, light for anything else (the
    /// parameter is never written back as it came).
    enum Scheme: String, CaseIterable {
        case light, dark

        init(_ query: String?) {
            self = query == Self.dark.rawValue ? .dark : .light
        }
    }

    static func html(path: String, scheme: Scheme, state: PreviewState) -> String? {
        guard state.files[path] != nil else { return nil }
        let e = PreviewHTML.escape
        let q = PreviewHTML.query(path)
        let source = "/\(PreviewHTML.attribute(path))?beckon-scheme=\(scheme.rawValue)"
        var body = "<h1>\(e(path))</h1>\n<nav class=\"controls\" aria-label=\"View\">"
        for option in Scheme.allCases {
            let current = option == scheme ? " aria-current=\"true\"" : ""
            body +=
                "<a href=\"/_beckon/page?path=\(q)&amp;scheme=\(option.rawValue)\"\(current)>\(option.rawValue)</a> "
        }
        body += "<span class=\"locales\">"
        for locale in Self.locales(state) {
            let other = Viewer.path(path, in: locale)
            guard state.files[other] != nil else { continue }
            let current = other == path ? " aria-current=\"true\"" : ""
            body +=
                "<a href=\"/_beckon/page?path=\(PreviewHTML.query(other))&amp;scheme=\(scheme.rawValue)\"\(current)>\(e(locale))</a> "
        }
        body += "</span> <a href=\"/\(PreviewHTML.attribute(path))\">open the page alone</a></nav>\n"
        body += """
            <div class="frames">
            <figure class="phone"><figcaption>390 px</figcaption>\
            <iframe src="\(source)" title="\(PreviewHTML.attribute(path)) at 390 px" width="390" height="844"></iframe></figure>
            <figure class="desktop"><figcaption>1280 px</figcaption><div class="scaled">\
            <iframe src="\(source)" title="\(PreviewHTML.attribute(path)) at 1280 px" width="1280" height="900"></iframe></div></figure>
            </div>

            """
        body += "<section><h2>Findings in this page</h2>\n"
        body += FindingsList.html(state.findings(in: path).map(\.diagnostic), sources: state.sources)
        body += "</section>\n"
        return PreviewHTML.document(title: path, state: state, body: body)
    }

    static func locales(_ state: PreviewState) -> [String] {
        Array(Set(state.files.keys.compactMap(Viewer.locale(of:)))).sorted()
    }
}
