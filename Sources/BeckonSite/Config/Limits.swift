import BeckonDiagnostics

/// `limits:` in beckon.yml: the length and word limits the checks hold copy to. Every field has a
/// default taken from the invite-flow specs Beckon is built against.
public struct Limits: Sendable, Hashable {
    /// Words in an email body (seed 003 #16).
    public var emailBodyWords = 120
    /// Words in a landing page body.
    public var pageBodyWords = 150
    /// Characters in a page `<title>` and `og:title`.
    public var titleChars = 60
    /// Characters in a meta and `og:description`.
    public var descriptionChars = 155
    /// Characters in an email subject.
    public var subjectChars = 78
    /// Fewest characters in an email preheader.
    public var preheaderMinChars = 40
    /// Most characters in an email preheader.
    public var preheaderMaxChars = 130
    /// Characters in a toast (seed 003 #14, #41).
    public var toastChars = 100
    /// Characters in a confirmation modal (seed 003 #11).
    public var modalChars = 120
    /// SMS segments a share message may use (seed 000 R6: one).
    public var smsSegments = 1
    /// SMS segments a share message may use when its language needs UCS-2 (Arabic, Japanese…),
    /// where one segment holds only 70 characters.
    public var smsSegmentsUCS2 = 3
    /// Characters in a message template (seed 002 Requirement 3).
    public var messageChars = 500
    /// Characters in a display name (seed 003 #33).
    public var displayNameChars = 40
    /// Recipients in one bulk create, or a sender's creates one by one within an hour, from which
    /// `beckon serve` answers with a soft warning, never a refusal (seed 000 E3, R14: 10).
    public var softWarning = 10

    static let keys = [
        "emailBodyWords", "pageBodyWords", "titleChars", "descriptionChars", "subjectChars", "preheaderMinChars",
        "preheaderMaxChars", "toastChars", "modalChars", "smsSegments", "smsSegmentsUCS2", "messageChars",
        "displayNameChars", "softWarning",
    ]

    public init() {}

    init(_ mapping: YAMLReader.Mapping?) {
        guard let mapping else { return }
        let fields: [(String, WritableKeyPath<Limits, Int>)] = [
            ("emailBodyWords", \.emailBodyWords), ("pageBodyWords", \.pageBodyWords), ("titleChars", \.titleChars),
            ("descriptionChars", \.descriptionChars), ("subjectChars", \.subjectChars),
            ("preheaderMinChars", \.preheaderMinChars), ("preheaderMaxChars", \.preheaderMaxChars),
            ("toastChars", \.toastChars), ("modalChars", \.modalChars), ("smsSegments", \.smsSegments),
            ("smsSegmentsUCS2", \.smsSegmentsUCS2),
            ("messageChars", \.messageChars), ("displayNameChars", \.displayNameChars),
            ("softWarning", \.softWarning),
        ]
        for (key, path) in fields {
            if let value = mapping.int(key, in: 1...100_000) { self[keyPath: path] = value }
        }
        if preheaderMinChars > preheaderMaxChars {
            mapping.reader.invalid(
                "`limits.preheaderMinChars` (\(preheaderMinChars)) is above `limits.preheaderMaxChars` (\(preheaderMaxChars))",
                at: mapping.location(of: "preheaderMinChars"), fix: "Make the minimum the smaller of the two.")
        }
    }
}
