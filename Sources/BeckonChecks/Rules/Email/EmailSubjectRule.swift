import BeckonDiagnostics

/// `email.subject`: an email has a subject (its `<title>`), within `limits.subjectChars` (78), in
/// every locale and with every sample invite.
///
/// Inboxes cut long subjects, usually at the inviter's name, which is the part that makes the
/// invite personal. Shorten the subject string.
struct EmailSubjectRule: PageRule {
    let id: RuleID = "email.subject"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        guard page.artifact.kind == .emailHTML else { return [] }
        let title = page.document.elements(named: "title").first
        let subject = title?.textContent.trimmingCharacters(in: .whitespaces) ?? ""
        if subject.isEmpty {
            return [Finding("the email has no subject", line: title?.line ?? 1, fix: "Give the subject string a text.")]
        }
        guard subject.count > context.limits.subjectChars else { return [] }
        return [
            Finding(
                "the subject is \(subject.count) characters (limit \(context.limits.subjectChars))",
                line: title?.line ?? 1, fix: "Shorten the subject string, or raise `limits.subjectChars`.")
        ]
    }
}
