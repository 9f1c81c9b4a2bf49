import BeckonDiagnostics

/// `doc.title`: the page has one non-empty `<title>`.
///
/// The title names the browser tab and is what link previews fall back to. Give the template a
/// `title:` key whose string is not empty in any locale.
struct TitleRule: PageRule {
    let id: RuleID = "doc.title"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        let titles = page.document.headElements(named: "title")
        guard let title = titles.first else {
            return [
                Finding(
                    "the page has no `<title>`", line: 1,
                    fix: "Write `<title>{{page.title}}</title>` in the layout's head.")
            ]
        }
        var findings: [Finding] = []
        if title.textContent.allSatisfy(\.isWhitespace) {
            findings.append(
                Finding(
                    "the page's `<title>` is empty", line: title.line,
                    fix: "Give the template's title string text in every locale."))
        }
        if titles.count > 1 {
            findings.append(
                Finding(
                    "the page has \(titles.count) `<title>` elements", line: titles[1].line, fix: "Keep one `<title>`.")
            )
        }
        return findings
    }
}
