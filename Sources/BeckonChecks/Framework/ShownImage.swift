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
        // Depth first, in document order; `ancestors` holds the elements around the node visited.
        var ancestors: [HTMLNode] = []
        var stack: [(node: HTMLNode, depth: Int)] = [(document.root, 0)]
        while let (node, depth) = stack.popLast() {
            ancestors.removeSubrange(depth...)
            if node.name == "img", node[attribute: "alt"] != "" {
                let source = node[attribute: "src"] ?? ""
                let link = FoundLink(url: source, attribute: "src", line: node.line, base: base)
                found.append(
                    ShownImage(
                        source: source, line: node.line, internalPath: link.internalPath,
                        surface: surface(around: ancestors)))
            }
            ancestors.append(node)
            for child in node.children.reversed() where child.isElement { stack.append((child, depth + 1)) }
        }
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
