import BeckonSite

/// One text of a card: which locale string fills it and how it looks.
public struct CardTextStyle: Sendable, Hashable {
    /// The locale string key, such as `og.title`. The caller formats the string for the card's
    /// locale and invite and passes it in `CardContent`.
    public var key: String
    /// The text colour.
    public var color: Color
    /// The font size in pixels.
    public var size: Int
    /// The font weight, from 100 (thin) to 900 (black); 400 is regular and 700 bold.
    public var weight: Int
    /// The most lines before the text is cut off with an ellipsis.
    public var maxLines: Int
    /// The smallest size a title that does not fit at `size` is shrunk to, in steps, before a
    /// shorter form of it is tried (`CardContent.titleAlternatives`); `size` for other texts.
    public var minSize: Int

    /// Creates a text style; `minSize` defaults to `size` (no shrinking).
    public init(key: String, color: Color, size: Int, weight: Int = 400, maxLines: Int = 1, minSize: Int? = nil) {
        self.key = key
        self.color = color
        self.size = size
        self.weight = weight
        self.maxLines = maxLines
        self.minSize = min(size, minSize ?? size)
    }

    /// The three texts of a card, with their defaults and limits.
    enum Slot: String, CaseIterable {
        case title, subtitle, footer

        var keys: [String] {
            switch self {
            case .title: ["key", "color", "size", "minSize", "weight", "maxLines"]
            case .subtitle: ["key", "color", "size", "weight", "maxLines"]
            case .footer: ["key", "color", "size", "weight"]
            }
        }

        var sizes: ClosedRange<Int> {
            switch self {
            case .title: 24...120
            case .subtitle: 16...72
            case .footer: 14...48
            }
        }

        var lines: ClosedRange<Int> {
            switch self {
            case .title: 1...2
            case .subtitle: 1...4
            case .footer: 1...1
            }
        }

        /// Size, weight and line count when the layout does not give them.
        var defaults: (size: Int, weight: Int, maxLines: Int) {
            switch self {
            case .title: (64, 700, 2)
            case .subtitle: (36, 400, 3)
            case .footer: (28, 500, 1)
            }
        }
    }
}
