import BeckonDiagnostics
import BeckonRender
import Foundation

/// `links.fragment`: a `#fragment` names an element id (or `<a name>`) in the page it points at —
/// the same page or another one. `#` and `#top` always work.
///
/// A missing target scrolls nowhere. Fix the fragment or give the element that id.
struct LinkFragmentRule: LinkRule {
    let id: RuleID = "links.fragment"

    var reads: SiteReads { [.paths, .anchors] }

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        guard scheme(of: link.url) == nil, let hash = link.url.firstIndex(of: "#") else { return nil }
        let fragment = String(link.url[link.url.index(after: hash)...])
        guard !fragment.isEmpty, fragment != "top" else { return nil }
        let pathPart = String(link.url[..<hash].prefix { $0 != "?" })
        let target = pathPart.isEmpty ? artifact.path : site.resolve(pathPart, from: artifact.path)
        guard let target, let page = site.pages[target] else { return nil }
        let decoded = fragment.removingPercentEncoding ?? fragment
        guard !page.anchors.contains(decoded) else { return nil }
        return finding(
            .error, "`#\(fragment)` is not an id in \(target)", artifact, link,
            fix: "Point at an existing id, or add `id=\"\(decoded)\"` to the element.")
    }
}
