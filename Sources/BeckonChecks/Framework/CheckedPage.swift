import BeckonHTML
import BeckonRender

/// An HTML artifact as the checks see it: its written bytes, parsed once, and its element ids.
public struct CheckedPage: Sendable {
    public let artifact: Artifact
    public let document: HTMLDocument
    /// Every `id` (and `<a name>`) in the page, for `#fragment` links.
    public let anchors: Set<String>
    /// Every URL the page holds, found once when it is parsed.
    public let links: [FoundLink]
    /// The colours its stylesheet declares, read once when it is parsed.
    let theme: ThemeVariables
    /// Its `hreflang` alternates, read once when it is parsed.
    let alternates: [(language: String, href: String, line: Int)]

    public init(_ artifact: Artifact) {
        self.artifact = artifact
        let document = HTMLDocument(bytes: artifact.bytes)
        self.document = document
        var anchors = Set<String>()
        for node in document.root.descendants where node.isElement {
            if let id = node[attribute: "id"] { anchors.insert(id) }
            if node.name == "a", let name = node[attribute: "name"] { anchors.insert(name) }
        }
        self.anchors = anchors
        self.links = FoundLink.links(in: document, path: artifact.path)
        self.alternates = HreflangRule.alternates(document)
        self.theme = ThemeVariables(css: document.elements(named: "style").map(\.textContent).joined(separator: "\n"))
    }
}
