/// An element, text or comment of a parsed XML document, as a Swift value.
///
/// Names are local names (`trans-unit`, not `x:trans-unit`); `namespace` carries the namespace
/// URI, so documents can be told apart without caring which prefix they chose.
public struct XMLNode: Sendable, Hashable {
    /// An attribute in document order.
    public struct Attribute: Sendable, Hashable {
        /// The local name, such as `lang` for `xml:lang`.
        public var name: String
        /// The prefix as written (`xml` for `xml:lang`), or `nil`.
        public var prefix: String?
        /// The value, with character and predefined entity references decoded.
        public var value: String

        /// Creates an attribute.
        public init(name: String, prefix: String? = nil, value: String) {
            self.name = name
            self.prefix = prefix
            self.value = value
        }
    }

    /// The kind of node.
    public enum Kind: Sendable, Hashable {
        case element
        /// Character data, including CDATA sections.
        case text
        case comment
        /// A reference to an entity the document declared (`&name;`). Beckon never expands these;
        /// `text` holds the entity's name.
        case entityReference
    }

    /// What the node is.
    public var kind: Kind
    /// The local name of an element; `#text`, `#comment` or `#entity` otherwise.
    public var name: String
    /// The namespace URI of an element, if it has one.
    public var namespace: String?
    /// The attributes of an element, in document order.
    public var attributes: [Attribute]
    /// The child nodes of an element, in document order.
    public var children: [XMLNode]
    /// The text of text and comment nodes; the entity name of entity references.
    public var text: String
    /// 1-based line of the node in the parsed bytes.
    public var line: Int

    /// Creates a node; parsing makes them, tests build them.
    public init(
        kind: Kind = .element, name: String, namespace: String? = nil, attributes: [Attribute] = [],
        children: [XMLNode] = [], text: String = "", line: Int = 0
    ) {
        self.kind = kind
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    /// The value of an attribute by local name (`lang`) or prefixed name (`xml:lang`).
    public subscript(attribute name: String) -> String? {
        if let colon = name.firstIndex(of: ":") {
            let prefix = String(name[..<colon])
            let local = String(name[name.index(after: colon)...])
            return attributes.first { $0.prefix == prefix && $0.name == local }?.value
        }
        return attributes.first { $0.name == name }?.value
    }

    /// The child elements, in document order.
    public var elements: [XMLNode] { children.filter { $0.kind == .element } }

    /// The child elements with a local name, in document order.
    public func elements(named name: String) -> [XMLNode] { elements.filter { $0.name == name } }

    /// The first child element with a local name.
    public func element(named name: String) -> XMLNode? { children.first { $0.kind == .element && $0.name == name } }

    /// Every element below this node (not itself) with a local name, in document order.
    public func descendants(named name: String) -> [XMLNode] {
        var found: [XMLNode] = []
        func visit(_ node: XMLNode) {
            for child in node.children where child.kind == .element {
                if child.name == name { found.append(child) }
                visit(child)
            }
        }
        visit(self)
        return found
    }

    /// All character data below this node, concatenated; comments and entity references add nothing.
    public var textContent: String {
        switch kind {
        case .text: text
        case .element: children.map(\.textContent).joined()
        case .comment, .entityReference: ""
        }
    }
}
