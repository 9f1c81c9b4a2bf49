import BeckonLocalization
import BeckonMarkdown
import BeckonRender
import BeckonSite

/// Writes an email body's Markdown tree as the plain-text part: paragraphs wrapped at 76
/// columns (never inside a URL), lists with `-` or numbers, each link as "text: URL" on its own
/// line after its paragraph, the button as "Label: URL", and no images or alt text.
struct EmailTextWriter {
    let scope: RenderScope
    let template: EmailTemplate
    let rightToLeft: Bool
    static let width = 76

    /// The plain text of a body as pieces, paragraphs not yet wrapped.
    func pieces(_ document: MarkdownNode) -> [TextPiece] {
        TextPiece.joined(document.children.compactMap { block($0, indent: "") }, separator: "\n\n") + [.text("\n")]
    }

    private func block(_ node: MarkdownNode, indent: String) -> [TextPiece]? {
        switch node.kind {
        case .paragraph:
            if let component = template.component(in: node) { return componentText(component, indent: indent) }
            return paragraph(node.children, indent: indent, firstIndent: indent)
        case .heading:
            return paragraph(node.children, indent: indent, firstIndent: indent)
        case .list(let ordered, let start, _):
            return TextPiece.joined(
                node.children.enumerated().map { offset, item in
                    let marker = ordered ? "\(start + offset). " : "- "
                    let inner = String(repeating: " ", count: marker.count)
                    return TextPiece.joined(
                        item.children.enumerated().compactMap { index, child in
                            guard child.kind == .paragraph else { return block(child, indent: indent + inner) }
                            return paragraph(
                                child.children, indent: indent + inner,
                                firstIndent: index == 0 ? indent + marker : indent + inner)
                        }, separator: "\n")
                }, separator: "\n")
        case .blockQuote:
            return TextPiece.joined(
                node.children.compactMap { block($0, indent: indent + "> ") }, separator: "\n\(indent)>\n")
        case .codeBlock:
            return [
                .text(
                    node.literal.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
                        .joined(separator: "\n").trimmingTrailingNewlines())
            ]
        case .thematicBreak:
            return [.text(indent + String(repeating: "-", count: 20))]
        default:
            return nil
        }
    }

    /// A paragraph's text, to be wrapped, followed by its links as "text: URL" lines.
    private func paragraph(_ inlines: [MarkdownNode], indent: String, firstIndent: String) -> [TextPiece] {
        var links: [(text: String, url: String)] = []
        let text = inlines.map { inline($0, links: &links) }.joined()
        return [
            .paragraph(
                text: text, indent: indent, firstIndent: firstIndent,
                links: links.map { "\(indent)\($0.text): \($0.url)" }, collapsesSpaces: true)
        ]
    }

    private func inline(_ node: MarkdownNode, links: inout [(text: String, url: String)]) -> String {
        switch node.kind {
        case .text: return substitute(node.literal, links: &links)
        case .code: return node.literal
        case .softBreak, .lineBreak: return " "
        case .link(let destination, _):
            var inner: [(text: String, url: String)] = []
            let text = node.children.map { inline($0, links: &inner) }.joined()
            let url = TemplateBodyRenderer.substituteURL(destination, scope: scope)
            if URLEscaping.isAllowed(url, appSchemes: scope.appSchemes) { links.append((text, url)) }
            return text
        case .image, .htmlInline, .htmlBlock: return ""
        default: return node.children.map { inline($0, links: &links) }.joined()
        }
    }

    /// Text with its placeholders filled as plain text.
    private func substitute(_ literal: String, links: inout [(text: String, url: String)]) -> String {
        PlaceholderSplitter.split(literal).map { piece in
            switch piece {
            case .literal(let text): return text
            case .placeholder(let path): return plain(scope.resolve(path), links: &links)
            }
        }.joined()
    }

    private func plain(_ value: RenderValue?, links: inout [(text: String, url: String)]) -> String {
        switch value {
        case .text(let text, let isUserData):
            return isUserData && Bidi.needsIsolation(text, inRightToLeft: rightToLeft) ? Bidi.isolated(text) : text
        case .url(let url): return url
        case .message(let message):
            let (text, messageLinks) = MessageRenderer.plainTextAndLinks(
                message, appSchemes: scope.appSchemes, rightToLeft: rightToLeft)
            links += messageLinks
            return text
        case nil: return ""
        }
    }

    private func componentText(_ component: EmailComponent, indent: String) -> [TextPiece]? {
        var links: [(text: String, url: String)] = []
        switch component.kind {
        case .button:
            let label = plain(scope.resolve(component.arguments[0].path), links: &links)
            let url = plain(scope.resolve(component.arguments[1].path), links: &links)
            return [.text("\(indent)\(label): \(url)")]
        case .divider:
            return [.text(indent + String(repeating: "-", count: 20))]
        case .smallprint:
            guard case .message(let message) = scope.resolve(component.arguments[0].path) else { return nil }
            return [messageParagraph(message, indent: indent)]
        }
    }

    /// A locale string as a paragraph, to be wrapped, followed by its links as "text: URL" lines.
    func messageParagraph(_ message: FormattedMessage, indent: String) -> TextPiece {
        let (text, links) = MessageRenderer.plainTextAndLinks(
            message, appSchemes: scope.appSchemes, rightToLeft: rightToLeft)
        return .paragraph(
            text: text, indent: indent, firstIndent: indent, links: links.map { "\(indent)\($0.text): \($0.url)" },
            collapsesSpaces: false)
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
