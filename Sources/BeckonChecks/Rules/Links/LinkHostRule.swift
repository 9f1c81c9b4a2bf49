import BeckonDiagnostics
import BeckonRender

/// `links.host`: https links go only to allowed hosts — the site's own, its invite link host, its
/// support and store hosts, and the hosts listed in `checks.allowedHosts`.
///
/// A host nobody listed is usually a typo (`apps.aple.com`) or a tracking redirect someone pasted.
/// Fix the link, or add the host to `checks.allowedHosts` in beckon.yml (under `beckon lint`, pass
/// `--allow-host`).
struct LinkHostRule: LinkRule {
    let id: RuleID = "links.host"

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        // The host a browser would go to: `//evil.example/x` and `https:\\evil.example\\x` go there too.
        guard let resolved = link.resolved, resolved.scheme == "https", link.internalPath == nil,
            let host = resolved.host, !context.allowedHosts.contains(host)
        else { return nil }
        return finding(
            .error, "`\(host)` (in \(Redact.url(link.url))) is not an allowed host", artifact, link,
            fix: context.runner == .lint
                ? "Fix the address, or allow the host with `--allow-host \(host)`."
                : "Fix the address, or add `\(host)` to `checks.allowedHosts` in beckon.yml.")
    }
}
