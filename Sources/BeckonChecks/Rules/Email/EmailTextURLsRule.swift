import BeckonDiagnostics
import BeckonRender

/// `email.text-urls`: every link of an email's HTML part is also in its plain-text part, so a
/// reader of the text part can reach everything the HTML offers (seed 003 #20).
///
/// The text part is written from the same Markdown as the HTML; a missing URL means a link that
/// only exists in markup. Write it in the template's Markdown or a locale string.
struct EmailTextURLsRule: EmailRule {
    let id: RuleID = "email.text-urls"

    func check(_ email: EmailFiles, site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        guard let html = email.html, let page = email.page else { return [] }
        let text = email.text.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        return page.links.filter { $0.attribute == "href" && !text.contains($0.url) }.map { link in
            finding(
                .error, "`\(Redact.url(link.url))` is in the HTML part but not in the text part", html, link,
                fix: "Write the link in Markdown or a locale string, not in markup.")
        }
    }
}
