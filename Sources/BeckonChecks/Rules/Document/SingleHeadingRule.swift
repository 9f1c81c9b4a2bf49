import BeckonDiagnostics

/// `doc.h1`: the page has exactly one `<h1>`.
///
/// One top-level heading tells assistive technology what the page is about. Start the template
/// body with one `# Heading` and use `##` below it.
struct SingleHeadingRule: PageRule {
    let id: RuleID = "doc.h1"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        let headings = page.document.elements(named: "h1")
        switch headings.count {
        case 1: return []
        case 0:
            return [Finding("the page has no `<h1>`", line: 1, fix: "Start the template body with a `# Heading` line.")]
        default:
            return [
                Finding(
                    "the page has \(headings.count) `<h1>` headings", line: headings[1].line,
                    fix: "Keep one `# Heading`; make the others `##`.")
            ]
        }
    }
}
