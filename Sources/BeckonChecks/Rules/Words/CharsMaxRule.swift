import BeckonDiagnostics
import BeckonRender

/// `chars.max`: titles, descriptions and messages fit their character limits, counted as people see
/// characters (grapheme clusters): a page's `<title>` and `og:title` at most `limits.titleChars`
/// (60), its description and `og:description` at most `limits.descriptionChars` (155), a share message
/// at most `limits.messageChars` (500), its invite link counted as long as it is once signed (as
/// `sms.segments` counts it).
///
/// Link previews cut long titles mid-word. Shorten the string, or raise the limit in beckon.yml.
struct CharsMaxRule: PageRule, TextRule {
    let id: RuleID = "chars.max"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        // An email's title is its subject, which `email.subject` holds to its own limit.
        guard let locale = page.artifact.locale, page.artifact.kind != .emailHTML else { return [] }
        // The head's elements by name, as the parse indexed them (not a walk of the head per name).
        let document = page.document
        guard document.head != nil else { return [] }
        let metas = document.headElements(named: "meta")
        func meta(_ name: String) -> (String, Int)? {
            let tag = metas.first { ($0[attribute: "property"] ?? $0[attribute: "name"]) == name }
            return tag.flatMap { tag in tag[attribute: "content"].map { ($0, tag.line) } }
        }
        let title = document.headElements(named: "title").first.map { ($0.textContent, $0.line) }
        let description = meta("description")
        var fields: [(String, (String, Int)?, Int)] = [
            ("title", title, context.limits.titleChars), ("description", description, context.limits.descriptionChars),
        ]
        // The Open Graph copies are reported only when they differ from the page's own.
        if let ogTitle = meta("og:title"), ogTitle.0 != title?.0 {
            fields.append(("og:title", ogTitle, context.limits.titleChars))
        }
        if let ogDescription = meta("og:description"), ogDescription.0 != description?.0 {
            fields.append(("og:description", ogDescription, context.limits.descriptionChars))
        }
        return fields.compactMap { name, value, limit in
            guard let (text, line) = value, let visible = Self.visibleCount(text, over: limit) else { return nil }
            // The length varies with the sample's values: one finding at the string, and what each
            // sample made of it.
            var finding = Finding(
                "the \(name) is over \(limit) characters in \(locale)", line: line,
                fix: "Shorten the string, or raise the limit in beckon.yml (`limits`).", needle: text)
            finding.detail = "\(visible) characters: “\(text)”"
            return finding
        }
    }

    func check(_ artifact: Artifact, text: String, context: CheckContext) -> [Finding] {
        guard artifact.kind == .shareMessage else { return [] }
        let limit = context.limits.messageChars
        guard let visible = Self.visibleCount(context.measuredAsSigned(text), over: limit) else { return [] }
        var finding = Finding(
            "the message is over \(limit) characters in \(artifact.locale?.rawValue ?? "")", line: 1,
            fix: "Shorten the message to \(limit) characters.")
        finding.detail = "\(visible) characters"
        return [finding]
    }

    /// The characters of `text` people see, isolation marks taken out (what is left on either side
    /// of one may join into one character), when more than `limit`; `nil` otherwise. Text of at most
    /// `limit` bytes is within it without counting: a character takes at least one byte.
    static func visibleCount(_ text: String, over limit: Int) -> Int? {
        guard text.utf8.count > limit else { return nil }
        let visible = text.filter { !Bidi.isIsolationMark($0) }.count
        return visible > limit ? visible : nil
    }
}
