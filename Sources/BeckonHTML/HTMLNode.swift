/// An element or text node of a parsed HTML document, as a Swift value.
public struct HTMLNode: Sendable, Hashable {
    /// An attribute in document order.
    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// Lower-case tag name for elements, `#text` for text, `#comment` for comments.
    public var name: String { storage.name }
    public var attributes: [Attribute] { storage.attributes }
    public var children: [HTMLNode] { storage.children }
    /// The text of text and comment nodes.
    public var text: String { storage.text }
    /// 1-based line of the node in the parsed bytes.
    public var line: Int { storage.line }

    /// The node's parts, in one box: a walk hands every node to its visitor, and the rules keep
    /// the nodes they look at, each a copy, which is one reference to the box where it was a
    /// reference to each of the parts (1.2 million copies of nodes at 100×).
    private final class Storage: Sendable {
        let name: String
        let attributes: [Attribute]
        let children: [HTMLNode]
        let text: String
        let line: Int

        init(name: String, attributes: [Attribute], children: [HTMLNode], text: String, line: Int) {
            self.name = name
            self.attributes = attributes
            self.children = children
            self.text = text
            self.line = line
        }
    }

    private let storage: Storage

    public init(name: String, attributes: [Attribute] = [], children: [HTMLNode] = [], text: String = "", line: Int = 0)
    {
        storage = Storage(name: name, attributes: attributes, children: children, text: text, line: line)
    }

    public static func == (left: HTMLNode, right: HTMLNode) -> Bool {
        left.storage === right.storage
            || (left.name == right.name && left.line == right.line && left.text == right.text
                && left.attributes == right.attributes && left.children == right.children)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(attributes)
        hasher.combine(children)
        hasher.combine(text)
        hasher.combine(line)
    }

    /// Read from the first byte: every check asks it of every node.
    public var isElement: Bool { name.utf8.first != UInt8(ascii: "#") }

    /// The value of an attribute (names compare case-insensitively).
    public subscript(attribute name: String) -> String? {
        // Names are stored lower-case; most callers ask in lower case, which needs no copy (and
        // the name is looked at in its contiguous UTF-8: every check asks it of every node).
        var name = name
        let hasUpperCase = name.withUTF8 { bytes in bytes.contains { $0 &- UInt8(ascii: "A") < 26 } }
        let lowered = hasUpperCase ? name.lowercased() : name
        return attributes.first { $0.name == lowered }?.value
    }

    /// All text below this node, concatenated.
    public var textContent: String {
        guard name != "#text" else { return text }
        var content = ""
        appendText(to: &content)
        return content
    }

    /// Appends the text of the text nodes below this node to `content`, in document order (into
    /// one string, rather than one per node joined at each level).
    private func appendText(to content: inout String) {
        children.withUnsafeBufferPointer { children in
            for index in children.indices {
                if children[index].name == "#text" {
                    content += children[index].text
                } else {
                    children[index].appendText(to: &content)
                }
            }
        }
    }

    /// This node and every node below it, in document order.
    public var descendants: [HTMLNode] {
        var result: [HTMLNode] = []
        walk { result.append($0) }
        return result
    }

    /// Calls `body` with this node and every node below it, in document order, without gathering
    /// them into an array first.
    public func walk(_ body: (HTMLNode) -> Void) {
        body(self)
        // Visited in place, through the buffer: `children[index]` and `for child in children`
        // copy each child (a retain and a release of each of its strings and arrays).
        children.withUnsafeBufferPointer { children in
            for index in children.indices { children[index].walk(body) }
        }
    }

    /// The elements with a tag name, in document order.
    public func elements(named tag: String) -> [HTMLNode] {
        var result: [HTMLNode] = []
        walk { if $0.name == tag { result.append($0) } }
        return result
    }
}
