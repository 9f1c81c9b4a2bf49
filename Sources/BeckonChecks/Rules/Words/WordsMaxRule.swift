import BeckonDiagnostics
import BeckonRender
import BeckonText

/// `words.max`: a page's main content stays within its word limit — the template's `maxWords`, or
/// `limits.pageBodyWords` (150) — and an email's body within `limits.emailBodyWords` (120, seed
/// 003 #16), in every locale and with every sample invite.
///
/// Words are counted with ICU's word break rules for the page's language, so Japanese and Thai are
/// segmented by dictionary instead of counting a whole sentence as one word.
struct WordsMaxRule: PageRule {
    let id: RuleID = "words.max"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        let isEmail = page.artifact.kind == .emailHTML
        let body =
            isEmail
            ? page.document.root.descendants.first { $0[attribute: "id"] == EmailMarkup.bodyID }
            : page.document.elements(named: "main").first
        guard let locale = page.artifact.locale, let main = body else { return [] }
        let limit =
            page.artifact.template.flatMap { context.wordLimits[$0] }
            ?? (isEmail ? context.limits.emailBodyWords : context.limits.pageBodyWords)
        // Counted with ICU only when the text could be over the limit.
        guard let words = WordCounter(locale: locale.rawValue).count(main.textContent, over: limit) else { return [] }
        return [
            Finding(
                "the page body is \(words) words in \(locale) (limit \(limit))", line: main.line,
                fix: "Shorten the copy, or raise `maxWords` in the template's front matter.",
                location: page.artifact.origin)
        ]
    }
}
