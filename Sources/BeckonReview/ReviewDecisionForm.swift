import BeckonLocalization
import BeckonRender
import BeckonSite

/// The review controls of the review page: under each translation, Approve / Needs work / Undecided
/// and a note; above the strings, the panel that downloads the decisions as `review-LOCALE.json`
/// for `beckon l10n import`. Both are hidden until the page's script runs, since without it nothing
/// could be recorded.
enum ReviewDecisionForm {
    /// The controls for one translation, with the bundle's current decision checked.
    static func fieldset(_ entry: BundleEntry, locale: LocaleID) -> String {
        let key = entry.key.rawValue
        let name = HTMLEscaping.attribute("review-\(locale)-\(key)")
        let current = entry.currentReview
        func option(_ value: String, _ label: String) -> String {
            let checked = (current?.decision.rawValue ?? "") == value ? " checked" : ""
            return "<label><input type=\"radio\" name=\"\(name)\" value=\"\(value)\"\(checked)> \(label)</label>"
        }
        return """
            <fieldset class="decision" lang="en" dir="ltr" data-key="\(HTMLEscaping.attribute(key))" \
            data-locale="\(locale)" data-hash="\(SourceHash.of(entry.text))" hidden>\
            <legend><span class="visually-hidden">\(locale) \(HTMLEscaping.text(key)): </span>Your review</legend>\
            \(option("approved", "Approve"))\(option("needs-work", "Needs work"))\(option("", "Undecided"))\
            <label class="note-field">Note <textarea name="note-\(name)" rows="2">\(HTMLEscaping.text(current?.note ?? ""))</textarea></label>\
            </fieldset>
            """
    }

    /// The decision recorded in the bundle, as a line of the cell.
    static func recorded(_ entry: BundleEntry) -> String {
        guard let review = entry.currentReview else { return "" }
        let label = review.decision == .approved ? "Approved" : "Needs work"
        let note = review.note.map { ": " + HTMLEscaping.text($0) } ?? ""
        return
            "<p class=\"recorded \(review.decision.rawValue)\" lang=\"en\" dir=\"ltr\"><strong>\(label)</strong>\(note)</p>"
    }

    /// The panel listing the decisions made in this browser, with a download per locale.
    static let panel = """
        <section id="review-decisions" class="decisions" aria-labelledby="review-decisions-title" hidden>
        <h2 id="review-decisions-title">Your decisions</h2>
        <p id="review-decided" aria-live="polite"></p>
        <ul id="review-exports"></ul>
        <p class="note">Decisions stay in this browser until you download them. Then run
        <code>beckon l10n import review-LOCALE.json</code> in the site's folder: approved strings are marked
        <code>review: approved</code> in the bundle, notes become <code>reviewNote</code>, and both travel in
        XLIFF exports (<code>final</code>, reviewer notes).</p>
        </section>
        """
}
