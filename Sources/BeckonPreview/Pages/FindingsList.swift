import BeckonDiagnostics

/// Findings as a list: severity, rule, message, where it occurs, the fix, and the source location
/// as a path to copy (`locales/de-DE.yml:12:3`) with the lines around it.
enum FindingsList {
    static func html(_ diagnostics: [Diagnostic], sources: SourceStore, numbered offset: Int = 0) -> String {
        guard !diagnostics.isEmpty else { return "<p class=\"none\">No findings.</p>" }
        var out = "<ol class=\"findings\">\n"
        for (index, diagnostic) in diagnostics.enumerated() {
            out += item(diagnostic, id: offset + index, sources: sources)
        }
        return out + "</ol>\n"
    }

    private static func item(_ diagnostic: Diagnostic, id: Int, sources: SourceStore) -> String {
        let e = PreviewHTML.escape
        var out = "<li class=\"finding \(diagnostic.severity.rawValue)\" id=\"finding-\(id)\">"
        out += "<p class=\"head\"><span class=\"severity\">\(diagnostic.severity.rawValue)</span> "
        out += "<code class=\"rule\">\(e(diagnostic.rule.rawValue))</code> \(e(diagnostic.message))</p>"
        if let location = diagnostic.location {
            let text = location.description
            out += "<p class=\"where\"><code class=\"path\">\(e(text))</code> "
            out +=
                "<button type=\"button\" class=\"copy\" data-copy=\"\(PreviewHTML.attribute(text))\">Copy path</button></p>"
            if let source = sources.source(for: location.file), let line = source.line(location.line) {
                out += "<pre class=\"source\"><span class=\"number\">\(location.line)</span> \(e(line))</pre>"
            }
        }
        let context =
            diagnostic.occurrences.isEmpty
            ? [diagnostic.locale, diagnostic.sample.map { "sample \($0)" }].compactMap { $0 }.joined(separator: ", ")
            : Occurrence.summary(diagnostic.occurrences)
        if !context.isEmpty { out += "<p class=\"context\">\(e(context))</p>" }
        for note in diagnostic.notes { out += "<p class=\"note\">\(e(note))</p>" }
        let outputs = diagnostic.allOccurrences.compactMap(\.artifact)
        if !outputs.isEmpty {
            out += "<p class=\"outputs\">"
            out += Array(Set(outputs)).sorted().prefix(8).map { path in
                "<a href=\"\(PreviewHTML.attribute(Viewer.url(for: path)))\">\(e(path))</a>"
            }.joined(separator: " ")
            if Set(outputs).count > 8 { out += " and \(Set(outputs).count - 8) more" }
            out += "</p>"
        }
        if let fix = diagnostic.fix { out += "<p class=\"fix\"><strong>Fix:</strong> \(e(fix))</p>" }
        return out + "</li>\n"
    }
}
