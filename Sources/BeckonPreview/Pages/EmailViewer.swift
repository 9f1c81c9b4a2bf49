import BeckonDiagnostics
import Foundation

/// An email as a recipient and its sender see it: the inbox row (sender, subject and preheader cut
/// where an inbox cuts them), then tabs for the HTML part, the HTML with images off, the plain-text
/// part, the MIME source and its headers.
enum EmailViewer {
    /// Where an inbox row cuts the subject and the preheader (characters).
    static let subjectWidth = 40
    static let preheaderWidth = 90

    static func html(base: String, state: PreviewState) -> String? {
        guard let html = state.files[base + ".html"] else { return nil }
        let e = PreviewHTML.escape
        let sidecar = state.files[base + ".json"].flatMap {
            try? JSONDecoder().decode([String: String].self, from: Data($0.bytes))
        }
        let mime = state.files[base + ".eml"].map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        let text = state.files[base + ".txt"].map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        let subject = sidecar?["subject"] ?? ""
        let preheader = sidecar?["preheader"] ?? ""
        let from = Self.header("From", in: mime) ?? ""
        var body = "<h1>\(e(base))</h1>\n"
        body += "<div class=\"inbox\" aria-label=\"Inbox row\"><span class=\"from\">\(e(from))</span> "
        body += "<span class=\"subject\">\(e(Self.cut(subject, Self.subjectWidth)))</span> "
        body += "<span class=\"preheader\">\(e(Self.cut(preheader, Self.preheaderWidth)))</span></div>\n"
        body += "<p class=\"meta\">subject \(subject.count) characters, preheader \(preheader.count); "
        body += "an inbox shows about \(Self.subjectWidth) and \(Self.preheaderWidth).</p>\n"
        let src = "/" + PreviewHTML.attribute(html.path)
        body += """
            <div class="tabs">
            <input type="radio" name="tab" id="tab-html" checked><label for="tab-html">HTML</label>
            <input type="radio" name="tab" id="tab-dark"><label for="tab-dark">HTML, dark</label>
            <input type="radio" name="tab" id="tab-off"><label for="tab-off">Images off</label>
            <input type="radio" name="tab" id="tab-text"><label for="tab-text">Plain text</label>
            <input type="radio" name="tab" id="tab-source"><label for="tab-source">Source (.eml)</label>
            <input type="radio" name="tab" id="tab-headers"><label for="tab-headers">Headers</label>
            <div class="panel" id="panel-html"><iframe src="\(src)?beckon-scheme=light" title="HTML part" width="680" height="900"></iframe></div>
            <div class="panel" id="panel-dark"><iframe src="\(src)?beckon-scheme=dark" title="HTML part, dark" width="680" height="900"></iframe></div>
            <div class="panel" id="panel-off"><iframe src="\(src)?beckon-images=off" title="HTML part, images off" width="680" height="900"></iframe></div>
            <div class="panel" id="panel-text"><pre>\(e(text))</pre></div>
            <div class="panel" id="panel-source"><pre>\(e(mime))</pre></div>
            <div class="panel" id="panel-headers">\(headersTable(mime))</div>
            </div>

            """
        let findings = ([".html", ".txt", ".eml", ".json"].flatMap { state.findings(in: base + $0) }).map(\.diagnostic)
        body += "<section><h2>Findings in this email</h2>\n"
        body += FindingsList.html(findings, sources: state.sources) + "</section>\n"
        return PreviewHTML.document(title: base, state: state, body: body)
    }

    /// At most `width` characters, with an ellipsis when cut.
    static func cut(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    /// The unfolded header fields of a message, in order.
    static func headers(_ mime: String) -> [(String, String)] {
        var fields: [(String, String)] = []
        for line in mime.split(separator: "\r\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            if line.first == " " || line.first == "\t", !fields.isEmpty {
                fields[fields.count - 1].1 += " " + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                fields.append(
                    (
                        String(line[..<colon]),
                        String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                    ))
            }
        }
        return fields
    }

    static func header(_ name: String, in mime: String) -> String? {
        headers(mime).first { $0.0.lowercased() == name.lowercased() }?.1
    }

    private static func headersTable(_ mime: String) -> String {
        var out = "<table class=\"headers\"><tbody>\n"
        for (name, value) in headers(mime) {
            out += "<tr><th scope=\"row\">\(PreviewHTML.escape(name))</th><td>\(PreviewHTML.escape(value))</td></tr>\n"
        }
        return out + "</tbody></table>"
    }
}
