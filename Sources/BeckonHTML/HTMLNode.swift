/// An element or text node of a parsed HTML document, as a Swift value.
public struct HTMLNode: Sendable, Hashable {
    /// An attribute in document order.
    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// Lower-case tag name for elements, `#text` for text, `#comment` for comments.
    public var name: String
    public var attributes: [Attribute]
    public var children: [HTMLNode]
    /// The text of text and comment nodes.
    public var text: String
    /// 1-based line of the node in the parsed bytes.
    public var line: Int

    public init(name: String, attributes: [Attribute] = [], children: [HTMLNode] = [], text: String = "", line: Int = 0)
    {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    public var isElement: Bool { !name.hasPrefix("#") }

    /// The value of an attribute (names compare case-insensitively).
    public subscript(attribute name: String) -> String? {
        let lowered = name.lowercased()
        return attributes.first { $0.name == lowered }?.value
    }

    /// All text below this node, concatenated.
    public var textContent: String {
        name == "#text" ? text : children.map(\.textContent).joined()
    }

    /// This node and every node below it, in document order.
    public var descendants: [HTMLNode] {
        var result: [HTMLNode] = []
        func visit(_ node: HTMLNode) {
            result.append(node)
            for child in node.children { visit(child) }
        }
        visit(self)
        return result
    }

    /// The elements with a tag name, in document order.
    public func elements(named tag: String) -> [HTMLNode] {
        descendants.filter { $0.name == tag }
    }
}
