/// The site's logo in the card's top corner (top left, or top right in right-to-left locales).
public struct CardLogo: Sendable, Hashable {
    /// A PNG file below the site's `static/` folder, such as `assets/og-logo.png`.
    public var path: String
    /// The height to draw it at, in pixels; the width follows from the image's proportions.
    public var height: Int

    /// Creates a logo drawn `height` pixels high.
    public init(path: String, height: Int = 64) {
        self.path = path
        self.height = height
    }

    static let keys = ["path", "height"]
}
