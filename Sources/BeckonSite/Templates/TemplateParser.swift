import BeckonDiagnostics
import BeckonMarkdown
import Foundation

/// Splits a template file into YAML front matter and Markdown body and validates the front matter.
public enum TemplateParser {
    /// Parses a template; returns `nil` with diagnostics when it cannot be used.
    public static func parse(_ source: SourceText) -> (Template?, [Diagnostic]) {
        let path = source.path
        guard let parts = split(source) else {
            return (nil, [missingFrontMatter(path, example: "`kind: landing`, `title: landing.title`")])
        }
        let (value, yamlDiagnostics) = YAMLParser.parse(parts.yaml, path: path, lineOffset: 1)
        guard let value else { return (nil, yamlDiagnostics) }
        let reader = YAMLReader(family: "template")
        guard let mapping = reader.mapping(value, named: "front matter", keys: Template.frontMatterKeys) else {
            return (nil, reader.diagnostics)
        }
        var kind: TemplateKind?
        if let text = mapping.string("kind", required: true) {
            kind = TemplateKind(rawValue: text)
            if kind == nil {
                reader.invalid(
                    "`\(text)` is not a template kind\(DidYouMean.phrase(for: text, among: TemplateKind.allCases.map(\.rawValue)))",
                    at: mapping.location(of: "kind"),
                    fix: "Use one of: \(TemplateKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                    rule: "unknown-kind")
            }
        }
        let layout = mapping.string("layout") ?? kind?.rawValue ?? "page"
        if !PlaceholderScanner.isValidPath(layout) || layout.contains(".") {
            reader.invalid(
                "`\(layout)` is not a layout name", at: mapping.location(of: "layout"),
                fix: "Name a file in `templates/layouts/` without its `.mustache` extension.")
        }
        let titleKey = mapping.string("title", required: true)
        let descriptionKey = mapping.string("description")
        for (key, value) in [("title", titleKey), ("description", descriptionKey)] {
            if let value, !PlaceholderScanner.isValidPath(value) {
                reader.invalid(
                    "`\(key)` must be a locale key such as `landing.title`, not `\(value)`",
                    at: mapping.location(of: key), fix: "Put the text in the locale bundle and write its key here.")
            }
        }
        let maxWords = mapping.int("maxWords", in: 1...10_000)

        let (body, bodyStartLine, bodyOffset) = (parts.body, parts.bodyStartLine, parts.bodyOffset)
        let (placeholders, placeholderDiagnostics) = PlaceholderScanner.scan(body, in: source, utf8Offset: bodyOffset)
        var diagnostics = reader.diagnostics + placeholderDiagnostics
        let (document, bodyDiagnostics) = parseBody(body, source: source, bodyStartLine: bodyStartLine)
        diagnostics += bodyDiagnostics
        guard let kind, let titleKey, !reader.diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, diagnostics)
        }
        var locations: [String: SourceLocation] = [:]
        for entry in mapping.entries { locations[entry.key] = entry.keyLocation }
        let template = Template(
            path: path, kind: kind, layout: layout, titleKey: titleKey, descriptionKey: descriptionKey,
            maxWords: maxWords, body: body, document: document, bodyStartLine: bodyStartLine,
            placeholders: placeholders,
            frontMatterLocations: locations, source: source)
        return (template, diagnostics)
    }

    /// A template file cut at its front matter.
    struct Parts {
        var yaml: String
        var body: String
        /// The file line the body starts on (1-based).
        var bodyStartLine: Int
        /// The body's offset in the file, in UTF-8 bytes.
        var bodyOffset: Int
    }

    /// Splits a file into front matter and body, or `nil` when it has no front matter. Lines end
    /// in LF or CRLF (split on the LF byte: in Swift, CRLF is one `Character`).
    static func split(_ source: SourceText) -> Parts? {
        let lines = source.text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        func isFence(_ line: String) -> Bool { line.trimmingCharacters(in: .whitespacesAndNewlines) == "---" }
        guard lines.first.map(isFence) == true, let end = lines.dropFirst().firstIndex(where: isFence) else {
            return nil
        }
        let bodyOffset = lines[...end].reduce(0) { $0 + $1.utf8.count + 1 }
        let body = bodyOffset < source.text.utf8.count ? String(source.text.utf8.dropFirst(bodyOffset))! : ""
        return Parts(
            yaml: lines[1..<end].joined(separator: "\n"), body: body, bodyStartLine: end + 2, bodyOffset: bodyOffset)
    }

    static func missingFrontMatter(_ path: String, example: String) -> Diagnostic {
        .error(
            "template.front-matter", "a template must start with YAML front matter between `---` lines",
            at: SourceLocation(file: path), fix: "Begin the file with `---`, \(example), `---`.")
    }

    /// The body parsed once, for every render, with its problems: raw HTML would bypass escaping
    /// (structure belongs in layouts), and nesting past cmark's depth limit is cut.
    static func parseBody(
        _ body: String, source: SourceText, bodyStartLine: Int
    ) -> (MarkdownNode, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func visit(_ node: MarkdownNode) {
            if node.kind == .htmlBlock || node.kind == .htmlInline {
                diagnostics.append(
                    .error(
                        "template.raw-html", "raw HTML is not allowed in Markdown templates",
                        at: source.location(line: node.line + bodyStartLine - 1, byteColumn: node.byteColumn),
                        fix: "Use Markdown here and put markup in a layout under `templates/layouts/`."))
            }
            node.children.forEach(visit)
        }
        let (document, tooDeep) = MarkdownParser.parseReportingDepth(body)
        if tooDeep {
            diagnostics.append(
                .error(
                    "template.too-deep",
                    "the body nests more than \(MarkdownParser.maximumDepth) levels deep (quotes, lists or emphasis)",
                    at: SourceLocation(file: source.path, line: bodyStartLine),
                    fix: "Flatten the structure; deeper content would be rendered as plain text."))
        }
        visit(document)
        return (document, diagnostics)
    }
}
