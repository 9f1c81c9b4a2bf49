import BeckonChecks
import BeckonEngine
import BeckonRender

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

    /// The facts `reads` names, of the artifacts with their facts (`facts` and `prints` in the
    /// order of `artifacts`): what `CheckedSite` makes of them, read without waiting for it.
    init(_ artifacts: [Artifact], facts: [ArtifactFacts], prints: [Fingerprint], _ reads: SiteReads) {
        if reads.contains(.assets) {
            assets = zip(artifacts, prints).filter { $0.0.kind == .asset }.map {
                Asset(path: $0.path, content: $1)
            }
        }
        if reads.contains(.paths) { paths = Set(artifacts.map(\.path)).sorted() }
        guard !reads.isDisjoint(with: [.alternates, .anchors]) else { return }
        let pages = CheckedSite.pages(artifacts, facts: facts)
        self.pages = pages.keys.sorted().map { path in
            let page = pages[path]!
            return Page(
                path: path, alternates: reads.contains(.alternates) ? page.alternatesSignature : nil,
                anchors: reads.contains(.anchors) ? page.anchors.sorted() : nil)
        }
    }
}
