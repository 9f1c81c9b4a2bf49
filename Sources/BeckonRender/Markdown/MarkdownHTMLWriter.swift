import BeckonMarkdown
import BeckonProvenance

/// Writes `MarkdownNode`s as HTML. The caller decides what text and link destinations become,
/// which is where placeholders and message arguments are substituted and escaped.
struct MarkdownHTMLWriter {
    /// A destination the writer refused, with where it was written.
    struct RefusedURL: Hashable {
        var url: String
        var line: Int
        var byteColumn: Int
    }

    /// Turns a text literal into HTML (escaped, with substitutions made).
    var text: (String) -> String
    /// Turns a link or image destination into the final URL, or `nil` to refuse it.
    var url: (String) -> String?
    /// The plain-text form of inline content, for `alt` attributes.
    var plain: (String) -> String
    /// Inline styles by tag name (`p`, `h1`, `a`, `li`…), for HTML that must carry every style
    /// on the element, as email does.
    var styles: [String: String] = [:]
    /// HTML that replaces a paragraph, when it returns a value.
    var replaceParagraph: ((MarkdownNode) -> String?)?
    /// Where a block, link or image was written, for marking the HTML it becomes (templates);
    /// `nil` writes no marks (locale strings, which are marked as a whole).
    var origin: ((MarkdownNode) -> Origin?)?
    private(set) var refused: [RefusedURL] = []

    init(text: @escaping (String) -> String, url: @escaping (String) -> String?, plain: @escaping (String) -> String) {
        self.text = text
        self.url = url
        self.plain = plain
    }

    /// HTML for a sequence of nodes.
    mutating func write(_ nodes: [MarkdownNode]) -> String {
        var out = ""
        for node in nodes { out += write(node) }
        return out
    }

    mutating func write(_ node: MarkdownNode) -> String {
        guard let origin else { return writeUnmarked(node) }
        switch node.kind {
        case .paragraph, .heading, .blockQuote, .list, .codeBlock, .thematicBreak, .link, .image:
            return OriginMarks.wrap(writeUnmarked(node), in: origin(node))
        default:
            return writeUnmarked(node)
        }
    }

    private mutating func writeUnmarked(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .document:
            return write(node.children)
        case .paragraph:
            if let replacement = replaceParagraph?(node) { return replacement }
            return "\(open("p"))\(write(node.children))</p>\n"
        case .heading(let level):
            return "\(open("h\(level)"))\(write(node.children))</h\(level)>\n"
        case .blockQuote:
            return "\(open("blockquote"))\n\(write(node.children))</blockquote>\n"
        case .list(let ordered, let start, let tight):
            let tag = ordered ? "ol" : "ul"
            let startAttribute = ordered && start != 1 ? " start=\"\(start)\"" : ""
            var items = ""
            for item in node.children {
                if tight {
                    items +=
                        "\(open("li"))\(item.children.map { child in child.kind == .paragraph ? write(child.children) : write(child) }.joined())</li>\n"
                } else {
                    items += "\(open("li"))\n\(write(item.children))</li>\n"
                }
            }
            return "\(open(tag, startAttribute))\n\(items)</\(tag)>\n"
        case .item:
            return "\(open("li"))\(write(node.children))</li>\n"
        case .codeBlock:
            return "<pre><code>\(HTMLEscaping.text(node.literal))</code></pre>\n"
        case .thematicBreak:
            return "\(open("hr"))\n"
        case .htmlBlock, .htmlInline:
            return ""
        case .text:
            return text(node.literal)
        case .softBreak:
            return "\n"
        case .lineBreak:
            return "<br>\n"
        case .code:
            return "<code>\(HTMLEscaping.text(node.literal))</code>"
        case .emphasis:
            return "<em>\(write(node.children))</em>"
        case .strong:
            return "<strong>\(write(node.children))</strong>"
        case .link(let destination, let title):
            let inner = write(node.children)
            guard let target = resolve(destination, node) else { return inner }
            let titleAttribute = title.isEmpty ? "" : " title=\"\(HTMLEscaping.attribute(plain(title)))\""
            return "\(open("a", " href=\"\(HTMLEscaping.attribute(target))\"\(titleAttribute)"))\(inner)</a>"
        case .image(let source, let title):
            guard let target = resolve(source, node) else { return "" }
            let alt = plain(node.children.map(\.plainText).joined())
            let titleAttribute = title.isEmpty ? "" : " title=\"\(HTMLEscaping.attribute(plain(title)))\""
            return
                "<img src=\"\(HTMLEscaping.attribute(target))\" alt=\"\(HTMLEscaping.attribute(alt))\"\(titleAttribute)>"
        }
    }

    /// An opening tag with its attributes and, when one is set, its inline style.
    private func open(_ tag: String, _ attributes: String = "") -> String {
        guard let style = styles[tag] else { return "<\(tag)\(attributes)>" }
        return "<\(tag)\(attributes) style=\"\(HTMLEscaping.attribute(style))\">"
    }

    private mutating func resolve(_ destination: String, _ node: MarkdownNode) -> String? {
        if let target = url(destination) { return target }
        refused.append(RefusedURL(url: destination, line: node.line, byteColumn: node.byteColumn))
        return nil
    }
}
