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
        let upper = link.url.uppercased()
        guard link.url.contains("{") || link.url.contains("}") || upper.contains("%7B") || upper.contains("%7D")
        else { return nil }
        return finding(
            .error, "`\(link.url)` still holds a placeholder", artifact, link,
            fix: "Check that the placeholder names a value (docs/site-format.md lists them).")
    }
}
