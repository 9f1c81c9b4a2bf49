import BeckonDiagnostics
import BeckonMarkdown
import BeckonProvenance
import BeckonSite

/// Renders a template's Markdown body to HTML, substituting placeholders with values escaped for
/// where they land: HTML text, attribute, or URL.
public enum TemplateBodyRenderer {
    /// The body as HTML, with diagnostics for links that may not be written.
    public static func html(_ template: Template, scope: RenderScope) -> (String, [Diagnostic]) {
        html(document: template.document, startLine: template.bodyStartLine, source: template.source, scope: scope)
    }

    /// A template file's parsed Markdown as HTML.
    /// - Parameters:
    ///   - startLine: The file line the Markdown starts on, for diagnostics.
    ///   - styles: Inline styles by tag name, for HTML that carries every style on its elements.
    ///   - paragraph: Replaces a paragraph with HTML of its own when it returns a value (an email
    ///     component's marker paragraph).
    public static func html(
        document: MarkdownNode, startLine: Int, source: SourceText, scope: RenderScope, styles: [String: String] = [:],
        paragraph: ((MarkdownNode) -> String?)? = nil
    ) -> (String, [Diagnostic]) {
        var writer = MarkdownHTMLWriter(
            text: { literal in
                PlaceholderSplitter.split(literal).map { piece in
                    switch piece {
                    case .literal(let text): return HTMLEscaping.text(text)
                    case .placeholder(let path):
                        return OriginMarks.wrap(
                            fragment(for: scope.resolve(path), scope: scope, styles: styles), in: scope.origin(of: path)
                        )
                    }
                }.joined()
            },
            url: { destination in
                let url = substituteURL(destination, scope: scope)
                guard URLEscaping.isAllowed(url, appSchemes: scope.appSchemes) else { return nil }
                return substituteURL(destination, scope: scope, marked: true)
            },
            plain: { literal in
                PlaceholderSplitter.split(literal).map { piece in
                    switch piece {
                    case .literal(let text): text
                    case .placeholder(let path): scope.resolve(path)?.plainText ?? ""
                    }
                }.joined()
            })
        writer.styles = styles
        writer.replaceParagraph = paragraph
        writer.origin = { node in
            RenderOrigins.template(source, bodyLine: node.line, startLine: startLine, byteColumn: node.byteColumn)
        }
        let output = writer.write(document)
        let diagnostics = writer.refused.map { refused in
            var diagnostic = Diagnostic.error(
                "template.unsafe-url",
                "the link `\(refused.url)` becomes `\(substituteURL(refused.url, scope: scope))`, which a page may not link to",
                at: source.location(line: refused.line + startLine - 1, byteColumn: refused.byteColumn),
                fix:
                    "Link to an https:// address, a path on the site, `mailto:`, `tel:`, `sms:` or the app's own scheme."
            )
            diagnostic.locale = scope.locale.rawValue
            return diagnostic
        }
        return (output, diagnostics)
    }

    /// The HTML of a resolved placeholder in text.
    public static func fragment(for value: RenderValue?, scope: RenderScope, styles: [String: String] = [:]) -> String {
        switch value {
        case .text(let text, let isUserData):
            let escaped = HTMLEscaping.text(text)
            return isUserData ? scope.isolation.isolate(escaped, value: text) : escaped
        case .url(let url): return HTMLEscaping.text(url)
        case .message(let message):
            return MessageRenderer.html(
                message, appSchemes: scope.appSchemes, styles: styles, isolation: scope.isolation)
        case nil: return ""
        }
    }

    /// A destination with its placeholders filled: a URL value as written, anything else
    /// percent-encoded as a URL component.
    /// - Parameter marked: Wraps each filled value in the origin marks of where it was written.
    public static func substituteURL(_ destination: String, scope: RenderScope, marked: Bool = false) -> String {
        PlaceholderSplitter.split(destination).map { piece in
            switch piece {
            case .literal(let text): return text
            case .placeholder(let path):
                let value =
                    switch scope.resolve(path) {
                    case .url(let url): url
                    case let value?: URLEscaping.component(value.plainText)
                    case nil: ""
                    }
                return marked ? OriginMarks.wrap(value, in: scope.origin(of: path)) : value
            }
        }.joined()
    }
}
