import BeckonDiagnostics
import BeckonRender

/// `links.placeholder`: no link still holds a placeholder — `{{…}}`, `{…}`, or their percent-encoded
/// forms `%7B%7B`.
///
/// An unresolved placeholder means a value was missing when the link was rendered; the link leads
/// nowhere. Provide the value, or fix the placeholder's name.
struct LinkPlaceholderRule: LinkRule {
    let id: RuleID = "links.placeholder"

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        // A message body or a name in the link is the invite's data, which may hold braces; only the
        // rest of the link can hold a placeholder Beckon failed to fill.
        let url = Redact.url(link.url)
        let upper = url.uppercased()
        guard url.contains("{") || url.contains("}") || upper.contains("%7B") || upper.contains("%7D")
        else { return nil }
        return finding(
            .error, "`\(url)` still holds a placeholder", artifact, link,
            fix: "Check that the placeholder names a value (docs/site-format.md lists them).")
    }
}
