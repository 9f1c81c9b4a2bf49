import BeckonSite

/// What one card says: its texts, formatted for the locale and invite, and the inviter's picture or
/// initials. A card with neither (the generic card, without personal data) has no avatar circle.
public struct CardContent: Sendable, Hashable {
    /// The string for the layout's `title.key`. Cut off with an ellipsis after the layout's lines.
    public var title: String
    /// Shorter forms of `title`, in the order they are tried when it does not fit even at the
    /// layout's `minSize` (the inviter's first word, then that word cut with an ellipsis); the
    /// card is said to overflow only when none fits.
    public var titleAlternatives: [String] = []
    /// The string for `subtitle.key`; ignored when the layout has no subtitle.
    public var subtitle: String
    /// The string for `footer.key`; ignored when the layout has no footer.
    public var footer: String
    /// The locale the texts are in: it sets the text language, the fonts and the direction.
    public var locale: LocaleID
    /// The inviter's picture as PNG bytes, drawn in the avatar circle.
    public var avatarPNG: [UInt8]?
    /// The inviter's initials (at most two characters are drawn), used when there is no picture.
    public var initials: String?

    /// Creates the content of a card; without `avatarPNG` and `initials` it is the generic card.
    public init(
        title: String, subtitle: String = "", footer: String = "", locale: LocaleID, avatarPNG: [UInt8]? = nil,
        initials: String? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.footer = footer
        self.locale = locale
        self.avatarPNG = avatarPNG
        self.initials = initials
    }
}
