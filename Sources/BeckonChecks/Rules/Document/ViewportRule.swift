import BeckonDiagnostics
import BeckonRender

/// `doc.viewport`: the page declares a responsive viewport.
///
/// Without `<meta name="viewport" content="width=device-width, initial-scale=1">`, phones render
/// the page zoomed out, and invite links are almost always opened on phones.
struct ViewportRule: PageRule {
    let id: RuleID = "doc.viewport"

    private static let responsiveWidth = Array("width=device-width".utf8)

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        let viewport = page.document.headElements(named: "meta").first { $0[attribute: "name"] == "viewport" }
        guard let content = viewport?[attribute: "content"], content.containsBytes(Self.responsiveWidth) else {
            return [
                Finding(
                    "the page has no responsive viewport", line: viewport?.line ?? 1,
                    fix:
                        "Add `<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">` to the layout's head."
                )
            ]
        }
        return []
    }
}
