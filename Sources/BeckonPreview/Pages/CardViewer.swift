/// A preview card at full size with its alt text, size and the findings made on it.
enum CardViewer {
    static func html(path: String, state: PreviewState) -> String? {
        guard let card = state.files[path] else { return nil }
        let e = PreviewHTML.escape
        let alt = CardAltText.find(path, in: state) ?? ""
        var body = "<h1>\(e(path))</h1>\n"
        body +=
            "<figure class=\"card\"><img src=\"/\(PreviewHTML.attribute(path))\" alt=\"\(PreviewHTML.attribute(alt))\" width=\"1200\" height=\"630\">"
        body +=
            "<figcaption><strong>Alt text:</strong> \(alt.isEmpty ? "none (no page shows this card)" : e(alt))</figcaption></figure>\n"
        body += "<p class=\"meta\">\(card.byteCount / 1024) KB of 300 KB · 1200×630</p>\n"
        body += "<section><h2>Findings on this card</h2>\n"
        body += FindingsList.html(state.findings(in: path).map(\.diagnostic), sources: state.sources) + "</section>\n"
        return PreviewHTML.document(title: path, state: state, body: body)
    }
}
