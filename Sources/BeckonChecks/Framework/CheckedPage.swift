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
        let base = FoundLink.base(of: document, path: artifact.path)
        self.links = FoundLink.links(in: document, path: artifact.path, base: base)
        self.images = ShownImage.images(in: document, base: base)
        let alternates = Self.alternates(of: document, path: artifact.path)
        self.alternates = alternates.list
        self.alternatesSignature = alternates.signature
        self.palettes = Self.palettes(
            css: document.elements(named: "style").map(\.textContent).joined(separator: "\n"))
    }

    /// A stylesheet's palettes: per scheme, its colours by name, with their signature. Read once
    /// per distinct stylesheet (a site's pages share one or a few), as its bytes say.
    private static func palettes(css: String) -> [(scheme: String, colors: [String: Color], signature: String)] {
        sharedPalettes.value(for: css) {
            let theme = ThemeVariables(css: css)
            return [("light", theme.light), ("dark", theme.resolvedDark)].filter { !$0.1.isEmpty }.map {
                scheme, colors in
                (
                    scheme, colors,
                    scheme + colors.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.css)" }.joined()
                )
            }
        }
    }

    /// The palettes of the last stylesheets read (a preview reads them again after every edit).
    private static let sharedPalettes = TextMemo<[(scheme: String, colors: [String: Color], signature: String)]>(
        limit: 64)

    /// A page's `hreflang` alternates with the files each may mean, and their signature.
    private struct Alternates: Sendable {
        var list: [(language: String, href: String, line: Int, candidates: [String])]
        var signature: String
    }

    /// The alternates of a page. Every locale's version of a page has the same alternates, so they
    /// are worked out once per distinct list and kept once, found by their texts (and the page's
    /// folder when a URL is relative to it): one look-up per page, not one per text.
    private static func alternates(of document: HTMLDocument, path: String) -> Alternates {
        let found = HreflangRule.alternates(document)
        guard !found.isEmpty else { return Alternates(list: [], signature: "") }
        // Made in bytes at its size, and read as a string once: a page lists every locale's
        // version of itself, and each piece appended to a string cost hundreds of instructions.
        var bytes: [UInt8] = [0x1D]
        bytes.reserveCapacity(found.reduce(1) { $0 + $1.language.utf8.count + $1.href.utf8.count + 24 })
        for alternate in found {
            bytes.append(utf8Of: alternate.language)
            bytes.append(0x1F)
            bytes.append(utf8Of: alternate.href)
            bytes.append(0x1F)
            bytes.append(utf8Of: String(alternate.line))
            bytes.append(0x1E)
        }
        let texts = String(decoding: bytes, as: UTF8.self)
        func made() -> Alternates {
            let list = found.map { language, href, line in
                (
                    language: language, href: href, line: line,
                    candidates: CheckedSite.candidates(BeckonChecks.path(of: href), from: path)
                )
            }
            let signature = list.map { ([$0.language] + $0.candidates).joined(separator: "\u{1F}") }
                .joined(separator: "\u{1E}")
            return Alternates(list: list, signature: signature)
        }
        // Found by their texts; a list with a URL relative to the page's folder is kept once per
        // folder too, under the folder, `\u{1C}` and the texts (never a texts key: those start
        // with `\u{1D}`, even for a page at the top, whose folder is empty).
        let shared = sharedAlternates.value(for: texts) {
            found.contains { !BeckonChecks.path(of: $0.href).hasPrefix("/") } ? nil : made()
        }
        if let shared { return shared }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        return sharedAlternates.value(for: folder + "\u{1C}" + texts) { made() } ?? made()
    }

    /// Alternate lists many pages repeat, one copy of each; `nil` under the texts of a list with a
    /// relative URL, which is kept under its folder and texts.
    private static let sharedAlternates = TextMemo<Alternates?>(limit: 50_000)

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
