/// A rendered card: the PNG, and what a later check needs to know about it.
public struct RenderedCard: Sendable, Hashable {
    /// The width of every card, in pixels.
    public static let width = 1200
    /// The height of every card, in pixels.
    public static let height = 630

    /// The image: 1200×630, lossless, without timestamps or text chunks, so the same input always
    /// gives the same bytes.
    public var png: [UInt8]
    /// Whether the title did not fit the layout's lines and was cut off with an ellipsis.
    public var titleOverflowed: Bool
    /// The title as drawn: the content's title, or the shorter form of it that fitted.
    public var title: String
    /// The size the title was drawn at: the layout's, or smaller down to its `minSize`.
    public var titleSize: Int
    /// Whether `title` is a shorter form of the content's title (`CardContent.titleAlternatives`).
    public var titleIsShortened: Bool
    /// The lines the title takes on the card (0 for an empty title).
    public var titleLineCount: Int
    /// Whether the title's last line holds a single letter (「た」 after a line of Japanese).
    public var titleEndsInWidow: Bool
    /// Every text drawn, with its colour and the colours behind it, for contrast checks.
    public var colors: [CardColorPair]
}
