import BeckonDiagnostics
import BeckonHTML

/// `doc.hreflang`: every `hreflang` alternate points at a page the build wrote, and that page links
/// back (reciprocity, as search engines require), with an `x-default`.
///
/// One-way or broken alternates are ignored by search engines, and a reader following one lands
/// nowhere. Layouts write them from `alternates`.
struct HreflangRule: PageSiteRule {
    let id: RuleID = "doc.hreflang"
    let reads: SiteReads = [.paths, .alternates]

    func check(_ page: CheckedPage, site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        // The page's alternates were resolved to candidate files when it was parsed (once per
        // content); here they are looked up, and reciprocity asks only the target's alternates, so
        // the rule is linear in pages × locales and runs again only for pages that changed (or
        // when any page's alternates did). Both lists are read where they are kept, not copied:
        // every page of a site lists every locale's version of itself.
        let alternates = page.alternates
        guard !alternates.isEmpty else { return [] }
        let path = page.artifact.path
        var diagnostics: [Diagnostic] = []
        if !alternates.contains(where: { $0.language == "x-default" }) {
            diagnostics.append(diagnostic("the page has `hreflang` alternates but no `x-default`", page, line: 1))
        }
        for index in alternates.indices where alternates[index].language != "x-default" {
            guard let target = Self.target(alternates[index].candidates, in: site), let targetPage = site.pages[target]
            else {
                diagnostics.append(
                    diagnostic(
                        "the `\(alternates[index].language)` alternate \(alternates[index].href) is not a page of the build",
                        page, line: alternates[index].line))
                continue
            }
            // Only an alternate that lists this page's path can resolve to it: the others are
            // passed over by comparing strings, without looking anything up.
            let linksBack =
                targetPage.artifact.origin != nil
                && targetPage.alternates.contains {
                    $0.candidates.contains(path) && Self.target($0.candidates, in: site) == path
                }
            if !linksBack {
                diagnostics.append(
                    diagnostic(
                        "\(target) does not link back to this page as an alternate", page,
                        line: alternates[index].line))
            }
        }
        return diagnostics
    }

    /// The file an alternate's URL names: the first of its candidates the build wrote.
    private static func target(_ candidates: [String], in site: CheckedSite) -> String? {
        candidates.first { site.paths.contains($0) }
    }

    static func alternates(_ document: HTMLDocument) -> [(language: String, href: String, line: Int)] {
        document.headElements(named: "link").compactMap { link in
            guard link[attribute: "rel"] == "alternate", let language = link[attribute: "hreflang"],
                let href = link[attribute: "href"]
            else { return nil }
            return (language, href, link.line)
        }
    }

    private func diagnostic(_ message: String, _ page: CheckedPage, line: Int) -> Diagnostic {
        var diagnostic = Diagnostic.error(
            id, message, at: FindingPlacement.location(in: page.artifact, line: line, needle: "hreflang"),
            fix: "Let the layout write every locale's alternate from `alternates`, with `x-default`.")
        diagnostic.artifact = page.artifact.path
        diagnostic.artifactLine = line
        diagnostic.locale = page.artifact.locale?.rawValue
        diagnostic.sample = page.artifact.sample
        return diagnostic
    }
}
