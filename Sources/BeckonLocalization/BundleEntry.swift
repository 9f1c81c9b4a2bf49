import BeckonDiagnostics

/// One string of a locale bundle, parsed, with its translator metadata.
public struct BundleEntry: Sendable, Hashable {
    public var key: MessageKey {
        get { box.fields.key }
        set { unique().fields.key = newValue }
    }
    /// The text as written in the bundle.
    public var text: String {
        get { box.fields.text }
        set { unique().fields.text = newValue }
    }
    public var message: Message {
        get { box.fields.message }
        set { unique().fields.message = newValue }
    }
    /// Where the value was written.
    public var location: SourceLocation {
        get { box.fields.location }
        set { unique().fields.location = newValue }
    }
    /// What the string is for, shown to translators.
    public var description: String? {
        get { box.fields.description }
        set { unique().fields.description = newValue }
    }
    /// The most characters a translation may have.
    public var maxChars: Int? {
        get { box.fields.maxChars }
        set { unique().fields.maxChars = newValue }
    }
    /// The most words a translation may have.
    public var maxWords: Int? {
        get { box.fields.maxWords }
        set { unique().fields.maxWords = newValue }
    }
    /// In a translation: `SourceHash` of the source text it was translated from, so a changed
    /// source marks the translation stale.
    public var sourceHash: String? {
        get { box.fields.sourceHash }
        set { unique().fields.sourceHash = newValue }
    }
    /// Where the key was written.
    public var keyLocation: SourceLocation {
        get { box.fields.keyLocation }
        set { unique().fields.keyLocation = newValue }
    }
    /// The string is used outside Beckon's templates (by the app, via the String Catalog), so it
    /// is never reported unused.
    public var isExternal: Bool {
        get { box.fields.isExternal }
        set { unique().fields.isExternal = newValue }
    }
    /// The translation may equal the source (brand names, codes), so it is never reported
    /// untranslated.
    public var allowsSameAsSource: Bool {
        get { box.fields.allowsSameAsSource }
        set { unique().fields.allowsSameAsSource = newValue }
    }
    /// Where the app shows the string, which sets its character limit (`limits.toastChars`, …)
    /// unless `maxChars` says otherwise.
    public var role: StringRole? {
        get { box.fields.role }
        set { unique().fields.role = newValue }
    }
    /// What the string tells its reader that the site must then do, if anything.
    public var promise: StringPromise? {
        get { box.fields.promise }
        set { unique().fields.promise = newValue }
    }
    /// A reviewer's decision on this translation, when one was recorded.
    public var review: StringReview? {
        get { box.fields.review }
        set { unique().fields.review = newValue }
    }

    /// The parts, in one box shared by copies until one is changed: the localization rules and
    /// the review walk every entry of every locale, each rule its own copy, which is then one
    /// reference to retain and release instead of every text, location and note of the entry.
    private var box: Box

    public init(
        key: MessageKey,
        text: String,
        message: Message,
        location: SourceLocation,
        description: String? = nil,
        maxChars: Int? = nil,
        maxWords: Int? = nil,
        sourceHash: String? = nil,
        keyLocation: SourceLocation,
        isExternal: Bool = false,
        allowsSameAsSource: Bool = false,
        role: StringRole? = nil,
        promise: StringPromise? = nil,
        review: StringReview? = nil
    ) {
        box = Box(
            Fields(
                key: key, text: text, message: message, location: location, description: description,
                maxChars: maxChars, maxWords: maxWords, sourceHash: sourceHash, keyLocation: keyLocation,
                isExternal: isExternal, allowsSameAsSource: allowsSameAsSource, role: role, promise: promise,
                review: review))
    }

    public static func == (left: BundleEntry, right: BundleEntry) -> Bool {
        left.box === right.box || left.box.fields == right.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }

    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    private struct Fields: Hashable {
        var key: MessageKey
        var text: String
        var message: Message
        var location: SourceLocation
        var description: String?
        var maxChars: Int?
        var maxWords: Int?
        var sourceHash: String?
        var keyLocation: SourceLocation
        var isExternal: Bool
        var allowsSameAsSource: Bool
        var role: StringRole?
        var promise: StringPromise?
        var review: StringReview?
    }

    /// Changed only through `unique()`, when no other entry holds it.
    private final class Box: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// The recorded decision when it was made on the text the bundle holds now; a translation
    /// edited after its review is unreviewed again.
    public var currentReview: StringReview? {
        review.flatMap { $0.holds(for: text) ? $0 : nil }
    }
}
