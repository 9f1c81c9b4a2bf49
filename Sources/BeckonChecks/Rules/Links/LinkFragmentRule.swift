import BeckonDiagnostics
import BeckonRender
import Foundation

/// `links.fragment`: a `#fragment` names an element id (or `<a name>`) in the page it points at —
/// the same page or another one. `#` and `#top` always work. A fragment directive
/// (`#:~:text=…`, `#id:~:text=…`, URL Fragment Text Directives) names no element: only the id
/// before `:~:` is looked up, and none when it is empty.
///
/// A missing target scrolls nowhere. Fix the fragment or give the element that id.
struct LinkFragmentRule: LinkRule {
    let id: RuleID = "links.fragment"

    var reads: SiteReads { [.paths, .anchors] }

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        // `#top` (in any case) and an empty fragment scroll to the top without an id (HTML).
        guard link.attribute != "base", let path = link.internalPath, let written = link.resolved?.fragment,
            case let fragment = Self.elementID(written), !fragment.isEmpty, fragment.lowercased() != "top",
            let target = site.resolve(path, from: artifact.path),
            let page = site.pages[target]
        else { return nil }
        // Browsers look the id up as written and percent-decoded.
        let decoded = fragment.removingPercentEncoding ?? fragment
        guard !page.anchors.contains(fragment), !page.anchors.contains(decoded) else { return nil }
        return finding(
            .error, "`#\(fragment)` is not an id in \(target)", artifact, link,
            fix: "Point at an existing id, or add `id=\"\(decoded)\"` to the element.")
    }

    /// The part of a fragment that names an element: what precedes the fragment directive
    /// delimiter `:~:`, which a browser strips before it looks the id up.
    static func elementID(_ fragment: String) -> String {
        guard let delimiter = fragment.range(of: ":~:") else { return fragment }
        return String(fragment[..<delimiter.lowerBound])
    }
}
