import BeckonDiagnostics
import BeckonRender

/// `doc.noindex`: invite pages tell search engines not to index them.
///
/// Invite pages are personal and short-lived; an indexed one leaks who invited whom. Layouts
/// should write `<meta name="robots" content="noindex">`.
struct NoIndexRule: PageRule {
    let id: RuleID = "doc.noindex"

    private static let noIndex = Array("noindex".utf8)

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        guard page.artifact.kind.isInvitePage else { return [] }
        let robots = page.document.headElements(named: "meta").first { $0[attribute: "name"] == "robots" }
        guard let content = robots?[attribute: "content"], content.containsBytes(Self.noIndex, ignoringCase: true)
        else {
            return [
                Finding(
                    "the page does not ask search engines not to index it", line: robots?.line ?? 1,
                    fix: "Add `<meta name=\"robots\" content=\"noindex\">` to the layout's head.")
            ]
        }
        return []
    }
}
