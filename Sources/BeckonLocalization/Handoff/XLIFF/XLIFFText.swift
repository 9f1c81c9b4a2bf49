import BeckonHTML

/// The text of an XLIFF `<source>` or `<target>`: character data, inline elements' text, and
/// XLIFF 2.0 `<cp hex="…"/>` code points. Entity references are collected, never expanded.
struct XLIFFText {
    var text = ""
    /// Names of the entity references found (`&name;`), which Beckon does not expand.
    var entities: [String] = []

    init(_ node: XMLNode) {
        append(node)
    }

    private mutating func append(_ node: XMLNode) {
        for child in node.children {
            switch child.kind {
            case .text: text += child.text
            case .entityReference: entities.append(child.text)
            case .comment: break
            case .element:
                if child.name == "cp" {
                    if let hex = child[attribute: "hex"], let value = UInt32(hex, radix: 16),
                        let scalar = Unicode.Scalar(value)
                    {
                        text.unicodeScalars.append(scalar)
                    }
                } else {
                    append(child)
                }
            }
        }
    }
}
