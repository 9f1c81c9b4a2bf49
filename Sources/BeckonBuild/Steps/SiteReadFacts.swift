import BeckonChecks
import BeckonEngine

/// What the link and page rules read of the rest of the site (`SiteReads`): every static asset's
/// content, every output path, every page's `hreflang` alternates and ids. Published each run
/// (`Engine.publish`), so a page's rules are reused while these stay the same.
struct SiteReadFacts: Encodable, Sendable {
    struct Asset: Encodable {
        let path: String
        let content: Fingerprint
    }

    struct Page: Encodable {
        let path: String
        let alternates: String?
        let anchors: [String]?
    }

    var assets: [Asset] = []
    var paths: [String] = []
    var pages: [Page] = []

    /// The facts `reads` names, of `site`; `prints` are its artifacts' fingerprints, in order.
    init(_ site: CheckedSite, prints: [Fingerprint], _ reads: SiteReads) {
        if reads.contains(.assets) {
            assets = zip(site.artifacts, prints).filter { $0.0.kind == .asset }.map {
                Asset(path: $0.path, content: $1)
            }
        }
        if reads.contains(.paths) { paths = site.paths.sorted() }
        guard !reads.isDisjoint(with: [.alternates, .anchors]) else { return }
        pages = site.pages.keys.sorted().map { path in
            let page = site.pages[path]!
            return Page(
                path: path, alternates: reads.contains(.alternates) ? page.alternatesSignature : nil,
                anchors: reads.contains(.anchors) ? page.anchors.sorted() : nil)
        }
    }
}
