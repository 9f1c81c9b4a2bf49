import BeckonDiagnostics

/// `links.online`: with `--online`, every external https link answers with a success or a
/// redirect. A 404, 410 or persistent 5xx is an error; 429, 403 and 999 (rate limits and bot
/// blocks) and timeouts are reported as warnings with the answer, since they say nothing certain
/// about the link.
///
/// Offline by default: builds never depend on the network. Answers are cached (a day for
/// successes, an hour otherwise) in `~/.cache/beckon/links.json`.
struct OnlineLinkRule: SiteRule {
    let id: RuleID = "links.online"
    let checker: OnlineLinkChecker
    /// Hosts not fetched: the site's own pages are in the output, not yet deployed.
    let ownHosts: Set<String>

    func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        let links = site.allLinks().filter { _, link in
            scheme(of: link.url) == "https" && !ownHosts.contains(host(of: link.url) ?? "")
        }
        let answers = checker.check(links.map(\.link.url))
        return links.compactMap { artifact, link in
            guard let answer = answers[link.url], answer.outcome != .ok else { return nil }
            return answer.outcome == .broken
                ? finding(
                    .error, "`\(Redact.url(link.url))` answers \(answer.detail)", artifact, link,
                    fix: "Fix or remove the link.")
                : finding(
                    .warning, "`\(Redact.url(link.url))` could not be checked: \(answer.detail)", artifact, link,
                    fix: "Open it in a browser; the server may be blocking automated checks.")
        }
    }
}
