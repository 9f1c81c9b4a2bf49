import Foundation

/// The images a layout names, decoded once and shared by every card rendered with it.
public struct CardAssets: Sendable {
    let logo: CardImage?
    /// The backgrounds with the logo on them, drawn once for every card made with these assets.
    let bases = CardBases()

    /// No images, for layouts without a logo.
    public static let none = CardAssets(logo: nil)

    private init(logo: CardImage?) {
        self.logo = logo
    }

    /// Lets go of the backgrounds drawn so far, for a build whose cards are all drawn: what it
    /// does next (checking every file) needs the memory more. A card drawn later draws its
    /// background again.
    public func releaseDrawnBases() {
        bases.removeAll()
    }

    /// Decodes the logo from PNG bytes.
    /// - Throws: `CardRenderError` with code `invalidImage` when the bytes are not a usable PNG.
    public init(logoPNG: [UInt8]) throws {
        self.init(logo: try CardImage(png: logoPNG, name: "the logo"))
    }

    /// Reads and decodes the images `layout` names from the site folder's `static/`.
    /// - Throws: `CardRenderError` with code `missingAsset` when a file cannot be read, or
    ///   `invalidImage` when it is not a usable PNG.
    public init(for layout: CardLayout, site: URL) throws {
        guard let logo = layout.logo else {
            self.init(logo: nil)
            return
        }
        let url = site.appendingPathComponent("static").appendingPathComponent(logo.path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CardRenderError(.missingAsset, "the logo `static/\(logo.path)` cannot be read")
        }
        self.init(logo: try CardImage(png: [UInt8](data), name: "the logo `static/\(logo.path)`"))
    }
}
