import BeckonDiagnostics

/// `doc.parse`: the page parses as HTML without errors.
///
/// A parse error means browsers will each repair the page their own way. Fix the layout or
/// template markup at the reported line.
struct DocumentParsesRule: PageRule {
    let id: RuleID = "doc.parse"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        page.document.errors.map { error in
            Finding(
                "the page does not parse cleanly: \(error.message)", line: error.line,
                fix: "Fix the markup in the layout at this point; check for unclosed or misnested tags.")
        }
    }
}
