import BeckonDiagnostics

/// `doc.social-tags`: an invite page has the Open Graph and Twitter tags a link preview needs —
/// `og:title`, `og:description`, `og:url`, `og:image`, `og:type` and `twitter:card` — none empty.
///
/// Without them iMessage, WhatsApp and Slack show a bare URL instead of a card. Layouts write them
/// from `og.*` (see docs/site-format.md).
struct SocialTagsRule: PageRule {
    let id: RuleID = "doc.social-tags"
    static let required = ["og:title", "og:description", "og:url", "og:image", "og:type", "twitter:card"]

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        guard page.artifact.kind == .landing else { return [] }
        let metas = page.document.headElements(named: "meta")
        return Self.required.compactMap { name in
            let tag = metas.first { ($0[attribute: "property"] ?? $0[attribute: "name"]) == name }
            guard tag?[attribute: "content"]?.isEmpty != false else { return nil }
            return Finding(
                "the page has no `\(name)`", line: tag?.line ?? 1,
                fix: "Write `<meta property=\"\(name)\" content=\"…\">` in the layout's head.")
        }
    }
}
