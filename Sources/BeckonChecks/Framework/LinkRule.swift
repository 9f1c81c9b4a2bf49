import BeckonDiagnostics
import BeckonRender

/// A rule over each link of each artifact. Its findings in one artifact depend only on that
/// artifact's links and on the parts of the rest of the site it `reads`, so a build that keeps
/// results can check again only the artifacts that changed (while what they read stays the same).
public protocol LinkRule: SiteRule {
    /// What the rule reads of the site besides the link itself.
    var reads: SiteReads { get }
    /// The finding about one link of an artifact, if any.
    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic?
    /// The findings about each of an artifact's links, with the index of the link each is about,
    /// in the links' order. A rule is asked once per artifact rather than once per link (each ask
    /// through the rule list copied the rule and the link).
    func check(
        _ artifact: Artifact, links: [FoundLink], site: CheckedSite, context: CheckContext
    ) -> [(link: Int, finding: Diagnostic)]
}

extension LinkRule {
    public var reads: SiteReads { [] }

    public var role: SiteRuleRole { .link(self) }

    public func check(
        _ artifact: Artifact, links: [FoundLink], site: CheckedSite, context: CheckContext
    ) -> [(link: Int, finding: Diagnostic)] {
        var findings: [(link: Int, finding: Diagnostic)] = []
        // Each link is read where it lies, from the array's buffer: read through the array, more
        // of them were copied (strings retained and released) for every rule (−0.4 % of a 10×
        // pages-only build's instructions).
        links.withUnsafeBufferPointer { links in
            for index in links.indices {
                if let finding = check(artifact, links[index], site: site, context: context) {
                    findings.append((index, finding))
                }
            }
        }
        return findings
    }

    public func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        site.allLinks().compactMap { check($0.artifact, $0.link, site: site, context: context) }
    }
}
