/// A note for translators about one string.
struct HandoffNote: Sendable, Hashable {
    /// What a note is about; written as XLIFF 1.2 `from` and XLIFF 2.0 `category`.
    enum Category: String, Sendable {
        /// The source string's `description`.
        case description
        /// `maxChars` or `maxWords`.
        case limit
        /// The templates and layouts that use the string.
        case usage
        /// The translation is stale and needs a review.
        case review
        /// What a reviewer wrote about the translation (`reviewNote`); XLIFF 1.2 `from="reviewer"`.
        case reviewer
    }

    var category: Category
    var text: String

    /// The review note written for a stale translation.
    static let staleReview = HandoffNote(
        category: .review,
        text: "The source text changed after this translation was made. Check it and mark it translated.")

    /// The notes every locale shares: description, limits and usage.
    static func notes(for entry: BundleEntry, usage: [String]) -> [HandoffNote] {
        var notes: [HandoffNote] = []
        if let description = entry.description, !description.isEmpty {
            notes.append(HandoffNote(category: .description, text: description))
        }
        if let maxChars = entry.maxChars {
            notes.append(
                HandoffNote(category: .limit, text: "At most \(maxChars) characters, with arguments filled in."))
        }
        if let maxWords = entry.maxWords {
            notes.append(HandoffNote(category: .limit, text: "At most \(maxWords) words, with arguments filled in."))
        }
        let places = Set(usage).sorted()
        if !places.isEmpty {
            notes.append(HandoffNote(category: .usage, text: "Used in \(places.joined(separator: ", "))."))
        }
        return notes
    }
}
