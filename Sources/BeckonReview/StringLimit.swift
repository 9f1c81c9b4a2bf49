import BeckonLocalization
import BeckonSite

/// The length limits of a string as `l10n.too-long` reads them: the source entry's `maxChars`, or
/// its role's limit from `limits`, and its `maxWords`.
struct StringLimit: Sendable, Hashable {
    var maxChars: Int?
    var maxWords: Int?
    /// The role whose limit `maxChars` is, when the entry sets no `maxChars` of its own.
    var role: StringRole?

    init(_ entry: BundleEntry?, limits: Limits) {
        maxWords = entry?.maxWords
        if let maxChars = entry?.maxChars {
            self.maxChars = maxChars
        } else if let role = entry?.role {
            self.role = role
            maxChars = role.characterLimit(in: limits)
        }
    }

    /// Whether a rendering of this many characters and words is over either limit.
    func exceeded(by length: VariantLength) -> Bool {
        (maxChars.map { length.characters > $0 } ?? false) || (maxWords.map { length.words > $0 } ?? false)
    }

    /// `≤ 30 characters (toast)`, `≤ 20 words`, for the key's column.
    var notes: [String] {
        var notes: [String] = []
        if let maxChars { notes.append("≤ \(maxChars) characters" + (role.map { " (\($0.rawValue))" } ?? "")) }
        if let maxWords { notes.append("≤ \(maxWords) words") }
        return notes
    }
}

/// The longest a string reads in one variant: characters as people see them (grapheme clusters)
/// and words by ICU's rules for the locale, each over every sample rendered.
struct VariantLength: Sendable, Hashable {
    var characters: Int
    var words: Int

    /// The longer of two, measure by measure.
    func union(_ other: VariantLength) -> VariantLength {
        VariantLength(characters: max(characters, other.characters), words: max(words, other.words))
    }

    /// `38 / 30 characters, over` against the limit; `38 characters` without one.
    func html(against limit: StringLimit) -> String {
        var parts = [limit.maxChars.map { "\(characters) / \($0) characters" } ?? "\(characters) characters"]
        if let maxWords = limit.maxWords { parts.append("\(words) / \(maxWords) words") }
        let over = limit.exceeded(by: self)
        return "<span class=\"length\(over ? " over" : "")\" lang=\"en\" dir=\"ltr\">"
            + parts.joined(separator: ", ") + (over ? ": over the limit" : "") + "</span>"
    }
}
