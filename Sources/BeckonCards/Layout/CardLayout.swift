import BeckonSite

/// The design of a link-preview card, read from a YAML file in a site's `templates/og/`.
///
/// A card is 1200×630 pixels: the logo at the top, the avatar beside a title (at most two lines) and
/// a subtitle, and a footer line at the bottom. Right-to-left locales mirror it. Every text is a
/// locale string, named here by its key and passed to the renderer formatted, in `CardContent`.
/// The format is documented in `docs/og-cards.md`.
public struct CardLayout: Sendable, Hashable {
    /// The colour or gradient behind everything; always opaque.
    public var background: CardBackground
    /// Space between the card's edges and its content, in pixels.
    public var padding: Int
    /// A comma-separated font family list, or `nil` for the Noto faces that suit the locale.
    public var fonts: String?
    /// The logo in the top corner, if any.
    public var logo: CardLogo?
    /// The avatar circle; `nil` leaves the title the whole width.
    public var avatar: CardAvatarStyle?
    /// The main text, beside the avatar.
    public var title: CardTextStyle
    /// The smaller text below the title, if any.
    public var subtitle: CardTextStyle?
    /// The line at the bottom, if any.
    public var footer: CardTextStyle?
    /// Where each colour was set, by its path in the layout (`title.color`, `background.from`,
    /// `avatar.accent`); empty for a layout made in code.
    public var colorSources: [String: CardColorSource] = [:]

    /// Creates a layout in code; `parse(_:theme:)` reads one from a file.
    public init(
        background: CardBackground, padding: Int = 72, fonts: String? = nil, logo: CardLogo? = nil,
        avatar: CardAvatarStyle? = nil, title: CardTextStyle, subtitle: CardTextStyle? = nil,
        footer: CardTextStyle? = nil
    ) {
        self.background = background
        self.padding = padding
        self.fonts = fonts
        self.logo = logo
        self.avatar = avatar
        self.title = title
        self.subtitle = subtitle
        self.footer = footer
    }

    /// The top-level keys of a layout file.
    public static let keys = ["background", "padding", "fonts", "logo", "avatar", "title", "subtitle", "footer"]
    /// The keys of each section, for documentation and its staleness test.
    public static let sectionKeys: [String: [String]] = [
        "background": CardBackground.gradientKeys, "logo": CardLogo.keys, "avatar": CardAvatarStyle.keys,
        "title": CardTextStyle.Slot.title.keys, "subtitle": CardTextStyle.Slot.subtitle.keys,
        "footer": CardTextStyle.Slot.footer.keys,
    ]
}
