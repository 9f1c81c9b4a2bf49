import BeckonDiagnostics
import BeckonRender

/// `links.url`: every link is a URL a browser can read (the URL Standard): a host without spaces,
/// a closed IPv6 address, a numeric port.
///
/// A browser treats a link it cannot read as no link at all; a reader clicks and nothing happens.
/// Fix the address.
struct LinkURLRule: LinkRule {
    let id: RuleID = "links.url"

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        guard let problem = link.problem else { return nil }
        return finding(
            .error, "`\(Redact.url(link.url))` is not a valid URL: \(problem)", artifact, link,
            fix: "Fix the address; a browser would not open it.")
    }
}
