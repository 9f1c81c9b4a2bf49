import BeckonDiagnostics
import BeckonLocalization

/// `l10n.needs-work`: no reviewer has asked for changes to a translation that were not made.
///
/// A reviewer marks a translation "needs work" on the review page (`output/review/`); `beckon l10n
/// import review-LOCALE.json` records the decision in the bundle as `review: needs-work` with the
/// reviewer's `reviewNote`. The finding quotes the note until the translation changes (the decision
/// was made on that text only, `reviewHash`) or a reviewer approves it.
struct NeedsWorkRule: CatalogRule {
    let id: RuleID = "l10n.needs-work"

    func check(_ input: LocalizationInput) -> [Diagnostic] {
        input.translations.compactMap { locale, entry, _ in
            guard let review = entry.currentReview, review.decision == .needsWork else { return nil }
            let note = review.note.map { ": “\($0)”" } ?? ""
            return finding(
                .warning, "a reviewer asked for changes to `\(entry.key)` in \(locale)\(note)", at: entry,
                locale: locale,
                fix: "Change the translation as the note asks (its review then lapses), or have it approved.")
        }
    }
}
