import BeckonSite

/// A text on a card with the colours it was drawn over.
public struct CardColorPair: Sendable, Hashable {
    /// The texts of a card.
    public enum Element: String, Sendable, Hashable, CaseIterable {
        case title, subtitle, footer, initials
    }

    /// Which text this is.
    public var element: Element
    /// The text colour.
    public var text: Color
    /// The colours behind the text's box: the background colour, or evenly spaced samples of the
    /// gradient across the box (both ends included), or the avatar's accent colour behind initials.
    public var backgrounds: [Color]
}
