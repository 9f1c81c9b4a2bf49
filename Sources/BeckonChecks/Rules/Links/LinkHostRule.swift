import BeckonDiagnostics

/// `links.host`: https links go only to allowed hosts — the site's own, its invite link host, its
/// support and store hosts, and the hosts listed in `checks.allowedHosts`.
///
/// A host nobody listed is usually a typo (`apps.aple.com`) or a tracking redirect someone pasted.
/// Fix the link, or add the host to `checks.allowedHosts` in beckon.yml.
struct LinkHostRule: SiteRule {
    let id: RuleID = "links.host"

    func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        site.allLinks().compactMap { artifact, link in
            guard scheme(of: link.url) == "https", let host = host(of: link.url), !context.allowedHosts.contains(host)
            else { return nil }
            return finding(
                .error, "`\(host)` (in \(link.url)) is not an allowed host", artifact, link,
                fix: "Fix the address, or add `\(host)` to `checks.allowedHosts` in beckon.yml.")
        }
    }
}
