import BeckonDiagnostics
import BeckonRender

/// `links.absolute`: `og:image`, `og:url` and `twitter:image` are absolute https URLs.
///
/// Link previews are fetched by crawlers that do not know the page's address; a relative image
/// shows no card at all in iMessage, WhatsApp or Slack.
struct AbsoluteMetaURLRule: LinkRule {
    let id: RuleID = "links.absolute"

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        // An empty one is `doc.empty-source`.
        guard FoundLink.metaURLs.contains(link.attribute), !link.url.isEmpty, !link.url.hasPrefix("https://") else {
            return nil
        }
        return finding(
            .error, "`\(link.attribute)` is `\(Redact.url(link.url))`, not an absolute https URL", artifact, link,
            fix: "Write the full address, starting with the site's baseURL.")
    }
}
