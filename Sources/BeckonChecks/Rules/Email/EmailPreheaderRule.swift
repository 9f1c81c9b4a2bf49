import BeckonDiagnostics

/// `email.preheader`: the hidden preview text is `limits.preheaderMinChars` to
/// `limits.preheaderMaxChars` characters (40–130) and says something other than the subject.
///
/// Inbox lists show it after the subject; a preheader that repeats the subject wastes that line,
/// and one that is too short lets the client fill the preview with whatever comes next.
struct EmailPreheaderRule: PageRule {
    let id: RuleID = "email.preheader"
    /// The invisible characters written after the preheader to keep body text out of the preview.
    static let filler: Set<Character> = ["\u{034F}", "\u{200C}", "\u{00A0}"]

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        guard page.artifact.kind == .emailHTML,
            let body = page.document.elements(named: "body").first
        else { return [] }
        let hidden = body.children.first { $0.name == "div" && $0[attribute: "aria-hidden"] == "true" }
        guard let hidden else {
            return [Finding("the email has no preheader", line: body.line, fix: "Set `preheader` in the template.")]
        }
        let text = String(hidden.textContent.filter { !Self.filler.contains($0) }).trimmingCharacters(in: .whitespaces)
        let limits = context.limits
        var findings: [Finding] = []
        if text.count < limits.preheaderMinChars || text.count > limits.preheaderMaxChars {
            findings.append(
                Finding(
                    "the preheader is \(text.count) characters (\(limits.preheaderMinChars)–\(limits.preheaderMaxChars))",
                    line: hidden.line, fix: "Rewrite the preheader string to fit."))
        }
        let subject = page.document.elements(named: "title").first?.textContent.trimmingCharacters(in: .whitespaces)
        if text == subject {
            findings.append(
                Finding("the preheader repeats the subject", line: hidden.line, fix: "Say what the subject does not."))
        }
        return findings
    }
}
