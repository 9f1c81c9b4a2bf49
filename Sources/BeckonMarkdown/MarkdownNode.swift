/// A node of a parsed CommonMark document: a Swift value with no C memory behind it.
public struct MarkdownNode: Sendable, Hashable {
    /// What the node is.
    public enum Kind: Sendable, Hashable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        case item
        case codeBlock(info: String)
        case htmlBlock
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case text
        case softBreak
        case lineBreak
        case code
        case htmlInline
        case emphasis
        case strong
        case link(destination: String, title: String)
        case image(source: String, title: String)
    }

    public var kind: Kind
    /// The literal text of text, code, code block and HTML nodes; empty otherwise.
    public var literal: String
    public var children: [MarkdownNode]
    /// 1-based line where the node starts in the parsed text.
    public var line: Int
    /// 1-based column, in UTF-8 bytes as cmark counts, where the node starts.
    public var byteColumn: Int

    public init(kind: Kind, literal: String = "", children: [MarkdownNode] = [], line: Int = 0, byteColumn: Int = 0) {
        self.kind = kind
        self.literal = literal
        self.children = children
        self.line = line
        self.byteColumn = byteColumn
    }

    /// Whether the node is a block (paragraph, heading, list…) rather than inline content.
    public var isBlock: Bool {
        switch kind {
        case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading, .thematicBreak:
            true
        default:
            false
        }
    }

    /// The node's text with all markup removed: what a screen reader or a word counter sees.
    public var plainText: String {
        switch kind {
        case .text, .code: return literal
        case .softBreak, .lineBreak: return " "
        case .htmlInline, .htmlBlock: return ""
        default:
            let inner = children.map(\.plainText)
            return isBlock && kind != .paragraph && !children.isEmpty
                ? inner.joined(separator: "\n") : inner.joined()
        }
    }
}
