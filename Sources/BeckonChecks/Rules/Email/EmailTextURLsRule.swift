import BeckonDiagnostics
import BeckonRender

/// `email.text-urls`: every link of an email's HTML part is also in its plain-text part, so a
/// reader of the text part can reach everything the HTML offers (seed 003 #20).
///
/// The text part is written from the same Markdown as the HTML; a missing URL means a link that
/// only exists in markup. Write it in the template's Markdown or a locale string.
struct EmailTextURLsRule: SiteRule {
    let id: RuleID = "email.text-urls"

    func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        let texts = Dictionary(
            site.artifacts.filter { $0.kind == .emailText }.map {
                ($0.path, String(decoding: $0.bytes, as: UTF8.self))
            },
            uniquingKeysWith: { first, _ in first })
        var diagnostics: [Diagnostic] = []
        for artifact in site.artifacts where artifact.kind == .emailHTML {
            guard let page = site.pages[artifact.path] else { continue }
            let text = texts[String(artifact.path.dropLast(".html".count)) + ".txt"] ?? ""
            for link in page.links where link.attribute == "href" && !text.contains(link.url) {
                diagnostics.append(
                    finding(
                        .error, "`\(link.url)` is in the HTML part but not in the text part", artifact, link,
                        fix: "Write the link in Markdown or a locale string, not in markup."))
            }
        }
        return diagnostics
    }
}
