/// A reviewer's decision on one translation, kept in the bundle next to the string
/// (`review`, `reviewHash`, `reviewNote`) and written there by `beckon l10n import`.
public struct StringReview: Sendable, Hashable {
    /// What the reviewer decided.
    public enum Decision: String, Sendable, Hashable, CaseIterable {
        /// The translation is right for the current source text.
        case approved
        /// The translation must change; the note says how.
        case needsWork = "needs-work"
    }

    public var decision: Decision
    /// `SourceHash` of the translation the decision was made on; `nil` when the bundle does not
    /// say (a decision typed in by hand), in which case it holds for whatever text is there.
    public var translationHash: String?
    /// What the reviewer wrote, if anything.
    public var note: String?

    public init(decision: Decision, translationHash: String?, note: String?) {
        self.decision = decision
        self.translationHash = translationHash
        self.note = note
    }

    /// Whether the decision was made on `text` (and so still holds for it).
    public func holds(for text: String) -> Bool {
        translationHash.map { $0 == SourceHash.of(text) } ?? true
    }
}
