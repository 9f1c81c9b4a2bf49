import BeckonDiagnostics

/// One string of a locale bundle, parsed, with its translator metadata.
public struct BundleEntry: Sendable, Hashable {
    public var key: MessageKey
    /// The text as written in the bundle.
    public var text: String
    public var message: Message
    /// Where the value was written.
    public var location: SourceLocation
    /// What the string is for, shown to translators.
    public var description: String?
    /// The most characters a translation may have.
    public var maxChars: Int?
    /// The most words a translation may have.
    public var maxWords: Int?
    /// In a translation: `SourceHash` of the source text it was translated from, so a changed
    /// source marks the translation stale.
    public var sourceHash: String?
    /// Where the key was written.
    public var keyLocation: SourceLocation
    /// The string is used outside Beckon's templates (by the app, via the String Catalog), so it
    /// is never reported unused.
    public var isExternal = false
    /// The translation may equal the source (brand names, codes), so it is never reported
    /// untranslated.
    public var allowsSameAsSource = false
    /// Where the app shows the string, which sets its character limit (`limits.toastChars`, …)
    /// unless `maxChars` says otherwise.
    public var role: StringRole?
    /// What the string tells its reader that the site must then do, if anything.
    public var promise: StringPromise?
    /// A reviewer's decision on this translation, when one was recorded.
    public var review: StringReview?

    /// The recorded decision when it was made on the text the bundle holds now; a translation
    /// edited after its review is unreviewed again.
    public var currentReview: StringReview? {
        review.flatMap { $0.holds(for: text) ? $0 : nil }
    }
}
