import BeckonDiagnostics
import BeckonSite

/// What a card's renderer knows that its PNG bytes do not say: whether the title was cut off, and
/// which colours each text was drawn in and over.
public struct CardFacts: Sendable, Hashable, Codable {
    /// One text of the card with its colours.
    public struct Text: Sendable, Hashable, Codable {
        /// `title`, `subtitle`, `footer` or `initials`.
        public var role: String
        public var color: Color
        /// The colours behind the text (samples across a gradient).
        public var backgrounds: [Color]
        /// Large text under WCAG (3:1 suffices).
        public var isLarge: Bool
        /// Where the text colour was set: the card layout's line, or the theme colour's line in
        /// beckon.yml.
        public var colorSource: SourceLocation?
        /// Where the colours behind the text were set.
        public var backgroundSources: [SourceLocation]

        public init(
            role: String, color: Color, backgrounds: [Color], isLarge: Bool, colorSource: SourceLocation? = nil,
            backgroundSources: [SourceLocation] = []
        ) {
            self.role = role
            self.color = color
            self.backgrounds = backgrounds
            self.isLarge = isLarge
            self.colorSource = colorSource
            self.backgroundSources = backgroundSources
        }
    }

    public var titleOverflowed: Bool
    public var texts: [Text]
    /// The locale string the title was formatted from.
    public var titleSource: SourceLocation?
    /// Whether the title takes several lines and its last holds a single letter; `nil` in facts
    /// recorded before Beckon measured it.
    public var titleEndsInWidow: Bool?
    /// The title as drawn, when a shorter form of it was drawn because it did not fit (a long
    /// name cut to its first word); `nil` when the title was drawn as formatted.
    public var shortenedTitle: String?

    public init(
        titleOverflowed: Bool, texts: [Text], titleSource: SourceLocation? = nil, titleEndsInWidow: Bool = false,
        shortenedTitle: String? = nil
    ) {
        self.titleOverflowed = titleOverflowed
        self.texts = texts
        self.titleSource = titleSource
        self.titleEndsInWidow = titleEndsInWidow
        self.shortenedTitle = shortenedTitle
    }
}
