import BeckonDiagnostics

/// A string an import writes into a bundle: its text, the fingerprint of the source it
/// translates, and the reviewer's decision on it when the file carries one.
struct EntryUpdate: Sendable, Hashable {
    var key: MessageKey
    var text: String
    var sourceHash: String
    /// The decision to record; `nil` leaves the bundle's as it is.
    var review: StringReview?
    /// The text changed without a decision: an older decision (made on the old text) is removed.
    var clearsReview = false
    /// The unit in the imported file, for reporting an edit that cannot be made.
    var location: SourceLocation

    /// The UTF-8 size of what the update writes: the text and the reviewer's note.
    var size: Int { text.utf8.count + (review?.note?.utf8.count ?? 0) }

    /// The metadata the bundle's entry gets: `sourceHash`, then the review's keys (a decision
    /// without a note removes an older note).
    var fields: [BundleField] {
        var fields = [BundleField(name: "sourceHash", value: sourceHash)]
        if clearsReview {
            fields += ["review", "reviewHash", "reviewNote"].map { BundleField(name: $0, value: nil) }
        } else if let review {
            fields += [
                BundleField(name: "review", value: review.decision.rawValue),
                BundleField(name: "reviewHash", value: review.translationHash),
                BundleField(name: "reviewNote", value: review.note),
            ]
        }
        return fields
    }
}
