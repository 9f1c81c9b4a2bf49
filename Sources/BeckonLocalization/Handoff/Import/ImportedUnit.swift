import BeckonDiagnostics
import BeckonSite

/// One translation read from a hand-off file, before it is checked against the catalog.
struct ImportedUnit: Sendable, Hashable {
    /// What the file says about a translation, in terms common to every format.
    enum State: Sendable, Hashable {
        /// Not translated yet (XLIFF 1.2 `new`, `needs-translation`; XLIFF 2.0 `initial`; Apple
        /// `new`): a target equal to the source is a tool's pre-filled copy, not a translation.
        case untranslated
        /// Translated, but waiting for a review (XLIFF 1.2 `needs-review-…`, Apple
        /// `needs_review`, Beckon's stale sub-state in XLIFF 2.0).
        case needsReview
        /// Done (XLIFF 1.2 `translated`, `signed-off`, `final`; XLIFF 2.0 `translated`, `reviewed`,
        /// `final`; Apple `translated`): confirms a stale translation left as it was.
        case translated
    }

    /// The key as the file names it.
    var key: String
    var locale: LocaleID
    /// The source text the translator saw, in ICU syntax, when the file carries it.
    var source: String?
    /// The translation in ICU syntax; `nil` when the file has none.
    var target: String?
    var state: State
    /// Where the unit is in the imported file.
    var location: SourceLocation
    /// A reviewer's decision the file records: approved (XLIFF 1.2 `final` or `signed-off`, XLIFF 2.0
    /// `final`, a review file's `approved`) or needs work with the reviewer's note. Its
    /// `translationHash` is the text decided on: the target's, or what a review file names.
    var review: StringReview? = nil
}

extension ImportedUnit {
    /// The unit with byte-order marks (U+FEFF) dropped from the start of its target and its
    /// reviewer's note.
    ///
    /// A bundle value cannot start with one: Yams, which Beckon reads bundles with, drops a
    /// byte-order mark at the start of any scalar, however it is escaped, so the value would not
    /// read back as written. The mark is invisible, so dropping it changes nothing a reader sees.
    func droppingLeadingByteOrderMarks() -> ImportedUnit {
        var unit = self
        unit.target = target.map(Self.dropLeadingMarks)
        if let note = review?.note {
            let kept = Self.dropLeadingMarks(note)
            unit.review?.note = kept.isEmpty ? nil : kept
        }
        return unit
    }

    private static func dropLeadingMarks(_ text: String) -> String {
        String(text.unicodeScalars.drop { $0 == "\u{FEFF}" })
    }
}
