import BeckonSite

/// The circle beside the title: the inviter's picture, or their initials on the accent colour.
public struct CardAvatarStyle: Sendable, Hashable {
    /// The circle's diameter in pixels.
    public var size: Int
    /// The circle's colour behind initials.
    public var accent: Color
    /// The colour of the initials.
    public var initialsColor: Color
    /// A ring around the circle, if any.
    public var border: Color?
    /// The ring's width in pixels.
    public var borderWidth: Int

    /// Creates an avatar style; the ring is drawn only when `border` is set.
    public init(size: Int = 200, accent: Color, initialsColor: Color, border: Color? = nil, borderWidth: Int = 6) {
        self.size = size
        self.accent = accent
        self.initialsColor = initialsColor
        self.border = border
        self.borderWidth = borderWidth
    }

    static let keys = ["size", "accent", "initialsColor", "border", "borderWidth"]
}
