import CCmark

/// Parses CommonMark with cmark and converts the result into `MarkdownNode` values.
public enum MarkdownParser {
    /// The deepest nesting kept as structure. cmark itself parses any depth, but no real template
    /// nests 48 levels; deeper content is kept as plain text so that walking the tree stays safe.
    public static let maximumDepth = 48

    /// Parses a whole document. Adjacent text nodes are merged, so a `{{placeholder}}` always
    /// arrives in one piece.
    public static func parse(_ text: String) -> MarkdownNode {
        parseReportingDepth(text).document
    }

    /// Parses a document and says whether it nested deeper than `maximumDepth`.
    public static func parseReportingDepth(_ text: String) -> (document: MarkdownNode, tooDeep: Bool) {
        let root = text.withCString { pointer in
            cmark_parse_document(pointer, text.utf8.count, CMARK_OPT_DEFAULT)
        }
        guard let root else { return (MarkdownNode(kind: .document), false) }
        defer { cmark_node_free(root) }
        var tooDeep = false
        let document = convert(root, depth: 0, tooDeep: &tooDeep)
        return (document, tooDeep)
    }

    /// Parses text that may only hold inline Markdown (emphasis, links, code) and returns the
    /// inline nodes of its first paragraph. Block syntax is read as inline text.
    public static func parseInline(_ text: String) -> [MarkdownNode] {
        let document = parse(text)
        var inlines: [MarkdownNode] = []
        for block in document.children {
            if case .paragraph = block.kind {
                if !inlines.isEmpty { inlines.append(MarkdownNode(kind: .softBreak)) }
                inlines.append(contentsOf: block.children)
            } else {
                if !inlines.isEmpty { inlines.append(MarkdownNode(kind: .softBreak)) }
                inlines.append(MarkdownNode(kind: .text, literal: block.plainText))
            }
        }
        return inlines
    }

    private static func convert(_ node: OpaquePointer, depth: Int, tooDeep: inout Bool) -> MarkdownNode {
        if depth >= maximumDepth {
            tooDeep = true
            return MarkdownNode(
                kind: .text, literal: flattenedText(node), line: Int(cmark_node_get_start_line(node)),
                byteColumn: Int(cmark_node_get_start_column(node)))
        }
        var children: [MarkdownNode] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            let converted = convert(current, depth: depth + 1, tooDeep: &tooDeep)
            if converted.kind == .text, let last = children.last, last.kind == .text {
                children[children.count - 1].literal += converted.literal
            } else {
                children.append(converted)
            }
            child = cmark_node_next(current)
        }
        return MarkdownNode(
            kind: kind(of: node),
            literal: string(cmark_node_get_literal(node)),
            children: children,
            line: Int(cmark_node_get_start_line(node)),
            byteColumn: Int(cmark_node_get_start_column(node)))
    }

    /// The literal text below a node, gathered without recursion.
    private static func flattenedText(_ node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            if let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
        }
        return text
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock(info: string(cmark_node_get_fence_info(node)))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default: return .document
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
