import BeckonHTML
import BeckonSite
import BeckonURL

/// An image a page shows with a text alternative (`alt` not empty), with the surface it is drawn
/// on: read when the page is parsed, so the logo rule needs no parsed page.
struct ShownImage: Sendable {
    /// The `src` as written.
    var source: String
    var line: Int
    /// The output path the image is at, when it is in the build (resolved against the page's base).
    var internalPath: String?
    /// The background the nearest element around the image sets, and whether that element keeps
    /// it only in the light palette (Beckon's `bk-bg` class follows the theme in dark mode).
    var surface: (color: Color, followsTheme: Bool)?

    /// Every `<img>` of a page with a text alternative (decorative ones, `alt=""`, carry no
    /// information WCAG's contrast for graphics would protect).
    /// - Parameter base: The page's base URL, `FoundLink.base(of:path:)`.
    static func images(in document: HTMLDocument, base: ParsedURL?) -> [ShownImage] {
        var found: [ShownImage] = []
        // Depth first, in document order. Of the elements around the node visited, only those
        // that can set a background (a `style` or `bgcolor` attribute) are kept: `surface` skips
        // the others.
        var painted: [HTMLNode] = []
        func visit(_ node: HTMLNode) {
            if node.name == "img", node[attribute: "alt"] != "" {
                let source = node[attribute: "src"] ?? ""
                let link = FoundLink(url: source, attribute: "src", line: node.line, base: base)
                found.append(
                    ShownImage(
                        source: source, line: node.line, internalPath: link.internalPath,
                        surface: surface(around: painted)))
            }
            let paints = node.attributes.contains { $0.name == "style" || $0.name == "bgcolor" }
            if paints { painted.append(node) }
            // Visited in place, through the buffer, as `HTMLNode.walk` does.
            node.children.withUnsafeBufferPointer { children in
                for index in children.indices where children[index].isElement { visit(children[index]) }
            }
            if paints { painted.removeLast() }
        }
        visit(document.root)
        return found
    }

    /// The nearest background an element around the image sets, innermost first.
    private static func surface(around ancestors: [HTMLNode]) -> (color: Color, followsTheme: Bool)? {
        for node in ancestors.reversed() {
            let style = StyleBlock.declarations(node[attribute: "style"] ?? "")
            guard
                let color = (style["background-color"] ?? style["background"] ?? node[attribute: "bgcolor"])
                    .flatMap({ Color(css: $0) })
            else { continue }
            return (color, (node[attribute: "class"] ?? "").split(separator: " ").contains("bk-bg"))
        }
        return nil
    }
}
