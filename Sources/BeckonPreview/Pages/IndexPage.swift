import BeckonDiagnostics
import BeckonRender

/// The preview's front page: every finding (errors first, then warnings, then notes), then every file of every locale by kind — pages,
/// emails, cards, share messages — and the site-wide files, the review page and, once
/// `scripts/screenshots.sh` has run, its screenshots.
enum IndexPage {
    static func html(_ state: PreviewState, screenshots: Bool = false) -> String {
        let e = PreviewHTML.escape
        var body = "<h1>Preview</h1>\n"
        body += "<nav class=\"jump\"><a href=\"#findings\">Findings</a>"
        let locales = Array(Set(state.files.keys.compactMap(Viewer.locale(of:)))).sorted()
        for locale in locales { body += " <a href=\"#locale-\(PreviewHTML.attribute(locale))\">\(e(locale))</a>" }
        body += " <a href=\"#site\">Site files</a>"
        if state.files[ReviewPageLink.path] != nil { body += " <a href=\"/\(ReviewPageLink.path)\">Review page</a>" }
        if screenshots { body += " <a href=\"/_beckon/screenshots/\">Screenshots</a>" }
        body += "</nav>\n"
        body += "<section id=\"findings\"><h2>Findings</h2>\n"
        body += FindingsList.html(state.report.bySeverity, sources: state.sources)
        body += "</section>\n"
        for locale in locales { body += section(locale, state) }
        body += siteSection(state)
        return PreviewHTML.document(title: "Preview", state: state, body: body)
    }

    private static func section(_ locale: String, _ state: PreviewState) -> String {
        let e = PreviewHTML.escape
        let mine = state.files.values.filter { Viewer.locale(of: $0.path) == locale }.sorted { $0.path < $1.path }
        var out = "<section id=\"locale-\(PreviewHTML.attribute(locale))\" lang=\"en\"><h2>\(e(locale))</h2>\n"
        let pages = mine.filter { $0.kind.isInvitePage }
        if !pages.isEmpty {
            out += "<h3>Pages</h3>\n<ul class=\"files\">\n"
            for page in pages {
                let label = "\(page.kind.rawValue)" + (page.sample.map { " · \($0)" } ?? "")
                out += link(page.path, label, state)
            }
            out += "</ul>\n"
        }
        let emails = mine.filter { $0.kind == .emailHTML }
        if !emails.isEmpty {
            out += "<h3>Emails</h3>\n<ul class=\"files\">\n"
            for email in emails {
                let name = email.path.split(separator: "/").last.map { String($0.dropLast(5)) } ?? email.path
                out += link(email.path, "\(name) · \(email.sample ?? "")", state)
            }
            out += "</ul>\n"
        }
        let cards = mine.filter { $0.kind == .ogCard }
        if !cards.isEmpty {
            out += "<h3>Preview cards</h3>\n<ul class=\"cards\">\n"
            for card in cards {
                let alt = CardAltText.find(card.path, in: state) ?? ""
                out += "<li><a href=\"\(PreviewHTML.attribute(Viewer.url(for: card.path)))\">"
                out +=
                    "<img src=\"/\(PreviewHTML.attribute(card.path))\" alt=\"\(PreviewHTML.attribute(alt))\" width=\"300\" height=\"158\" loading=\"lazy\">"
                out += "<span>\(e(card.sample ?? "generic"))</span></a>\(badge(card.path, state))</li>\n"
            }
            out += "</ul>\n"
        }
        let messages = mine.filter { $0.kind == .shareMessage }
        if !messages.isEmpty {
            out += "<h3>Share messages</h3>\n<ul class=\"files\">\n"
            for message in messages {
                let name = message.path.split(separator: "/").last.map(String.init) ?? message.path
                out += link(message.path, String(name.dropLast(4)), state)
            }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    private static func siteSection(_ state: PreviewState) -> String {
        let site = state.files.values.filter { Viewer.locale(of: $0.path) == nil }.sorted { $0.path < $1.path }
        var out = "<section id=\"site\"><h2>Site files</h2>\n<ul class=\"files\">\n"
        for file in site { out += link(file.path, "\(file.path) · \(file.kind.rawValue)", state) }
        return out + "</ul>\n</section>\n"
    }

    private static func link(_ path: String, _ label: String, _ state: PreviewState) -> String {
        "<li><a href=\"\(PreviewHTML.attribute(Viewer.url(for: path)))\">\(PreviewHTML.escape(label))</a>\(badge(path, state))</li>\n"
    }

    /// "2 errors" beside a file with findings.
    static func badge(_ path: String, _ state: PreviewState) -> String {
        let findings = state.findings(in: path)
        guard !findings.isEmpty else { return "" }
        let errors = findings.count { $0.diagnostic.severity == .error }
        let tone = errors > 0 ? "error" : "warning"
        let count = errors > 0 ? errors : findings.count
        return " <span class=\"badge \(tone)\">\(count) \(tone)\(count == 1 ? "" : "s")</span>"
    }
}

/// The reviewer page's path, which the index links to.
enum ReviewPageLink {
    static let path = "review/index.html"
}
