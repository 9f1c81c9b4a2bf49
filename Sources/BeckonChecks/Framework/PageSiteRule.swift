import BeckonDiagnostics

/// A rule over each HTML page (emails' HTML parts included) that also reads parts of the rest of
/// the site. Its findings on one page depend only on that page and on what it `reads`, so a build
/// that keeps results checks again only the pages that changed (while what they read stays the
/// same).
public protocol PageSiteRule: SiteRule {
    /// What the rule reads of the site besides the page.
    var reads: SiteReads { get }
    /// The findings about one page.
    func check(_ page: CheckedPage, site: CheckedSite, context: CheckContext) -> [Diagnostic]
}

extension PageSiteRule {
    public var role: SiteRuleRole { .page(self) }

    public func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        site.pages.keys.sorted().flatMap { path -> [Diagnostic] in
            guard let page = site.pages[path], page.artifact.origin != nil else { return [] }
            return check(page, site: site, context: context)
        }
    }
}
