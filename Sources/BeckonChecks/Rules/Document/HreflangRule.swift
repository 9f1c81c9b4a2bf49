import BeckonDiagnostics

/// `doc.hreflang`: every `hreflang` alternate points at a page the build wrote, and that page links
/// back (reciprocity, as search engines require), with an `x-default`.
///
/// One-way or broken alternates are ignored by search engines, and a reader following one lands
/// nowhere. Layouts write them from `alternates`.
struct HreflangRule: SiteRule {
    let id: RuleID = "doc.hreflang"

    func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for page in site.pages.values.sorted(by: { $0.artifact.path < $1.artifact.path })
        where page.artifact.origin != nil {
            let alternates = Self.alternates(page)
            guard !alternates.isEmpty else { continue }
            if !alternates.contains(where: { $0.language == "x-default" }) {
                diagnostics.append(diagnostic("the page has `hreflang` alternates but no `x-default`", page, line: 1))
            }
            for alternate in alternates where alternate.language != "x-default" {
                guard let target = site.resolve(path(of: alternate.href), from: page.artifact.path),
                    let other = site.pages[target]
                else {
                    diagnostics.append(
                        diagnostic(
                            "the `\(alternate.language)` alternate \(alternate.href) is not a page of the build", page,
                            line: alternate.line))
                    continue
                }
                let backLinks = Self.alternates(other).map { path(of: $0.href) }
                if !backLinks.contains(where: { site.resolve($0, from: target) == page.artifact.path }) {
                    diagnostics.append(
                        diagnostic(
                            "\(target) does not link back to this page as an alternate", page, line: alternate.line))
                }
            }
        }
        return diagnostics
    }

    static func alternates(_ page: CheckedPage) -> [(language: String, href: String, line: Int)] {
        (page.document.head?.elements(named: "link") ?? []).compactMap { link in
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
