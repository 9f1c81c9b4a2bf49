import BeckonHTML
import BeckonRender
import BeckonSite
import Foundation

/// An HTML artifact as the checks see it: its written bytes, parsed, and what the site rules read
/// of it (ids, links, colours, alternates), found when it is parsed.
public final class CheckedPage: @unchecked Sendable {
    public let artifact: Artifact
    private let lock = NSLock()
    private var parsed: HTMLDocument?
    /// Every `id` (and `<a name>`) in the page, for `#fragment` links.
    public let anchors: Set<String>
    /// Every URL the page holds, found once when it is parsed.
    public let links: [FoundLink]
    /// The colours its stylesheet declares, read once when it is parsed: per scheme (`light`,
    /// `dark`), the colours by name, with a signature that tells equal palettes apart.
    let palettes: [(scheme: String, colors: [String: Color], signature: String)]
    /// Its `hreflang` alternates, read once when it is parsed, each with the files its URL may
    /// mean (`CheckedSite.candidates`), so the site rule only looks them up.
    let alternates: [(language: String, href: String, line: Int, candidates: [String])]
    /// The images it shows with a text alternative, and what each is drawn on.
    let images: [ShownImage]
    /// What other pages' `hreflang` checks read of this one: each alternate's language and the
    /// files its URL may mean.
    public let alternatesSignature: String

    public init(_ artifact: Artifact) {
        self.artifact = artifact
        let document = HTMLDocument(bytes: artifact.bytes)
        self.parsed = document
        var anchors = Set<String>()
        document.root.walk { node in
            guard node.isElement else { return }
            if let id = node[attribute: "id"] { anchors.insert(id) }
            if node.name == "a", let name = node[attribute: "name"] { anchors.insert(name) }
        }
        self.anchors = anchors
        self.links = FoundLink.links(in: document, path: artifact.path)
        self.images = ShownImage.images(in: document, path: artifact.path)
        // Every locale's version of a page has the same alternates: their texts are kept once.
        let shared = Self.sharedTexts
        let alternates = HreflangRule.alternates(document).map { language, href, line in
            (
                language: shared.value(for: language) { language }, href: shared.value(for: href) { href },
                line: line,
                candidates: CheckedSite.candidates(path(of: href), from: artifact.path).map { candidate in
                    shared.value(for: candidate) { candidate }
                }
            )
        }
        self.alternates = alternates
        let signature = alternates.map { ([$0.language] + $0.candidates).joined(separator: "\u{1F}") }
            .joined(separator: "\u{1E}")
        self.alternatesSignature = shared.value(for: signature) { signature }
        let theme = ThemeVariables.cached(
            css: document.elements(named: "style").map(\.textContent).joined(separator: "\n"))
        self.palettes = [("light", theme.light), ("dark", theme.resolvedDark)].filter { !$0.1.isEmpty }.map {
            scheme, colors in
            (scheme, colors, scheme + colors.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.css)" }.joined())
        }
    }

    /// Texts many pages repeat (alternates' paths and URLs), one copy of each kept by its bytes.
    private static let sharedTexts = TextMemo<String>(limit: 200_000)

    /// The page parsed: kept from the first parse until `releaseDocument()`, then parsed again
    /// from the artifact's bytes when asked for, and kept until the next release.
    public var document: HTMLDocument {
        if let document = lock.withLock({ parsed }) { return document }
        let document = HTMLDocument(bytes: artifact.bytes)
        lock.withLock { parsed = document }
        return document
    }

    /// Lets go of the parsed page (a build that streams its output keeps only the facts of pages
    /// whose rules have run); what was read of it when it was parsed stays.
    public func releaseDocument() {
        lock.withLock { parsed = nil }
    }
}
