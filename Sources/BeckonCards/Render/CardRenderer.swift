/// Renders link-preview cards: 1200×630 PNGs with text shaped by Pango and drawn by Cairo.
///
/// Cards may be rendered on many threads at once: each render draws on a surface of its own with a
/// font map no other render is using, and fontconfig is set up once.
public enum CardRenderer {
    /// Renders one card.
    /// - Parameters:
    ///   - layout: The design, from `CardLayout.parse`.
    ///   - content: The texts in the card's locale, and the avatar picture or initials.
    ///   - assets: The layout's images, decoded once for every card (`CardAssets(for:site:)`).
    /// - Returns: The PNG, whether the title was cut off, and the colours used.
    /// - Throws: `CardRenderError`: `invalidImage` for an avatar that is not a usable PNG,
    ///   `missingAsset` when the layout has a logo that `assets` lacks, `renderFailed` when memory runs out.
    public static func render(_ layout: CardLayout, _ content: CardContent, assets: CardAssets) throws -> RenderedCard {
        try CardDrawing(layout: layout, content: content, assets: assets).render()
    }
}
