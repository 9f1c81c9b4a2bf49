import BeckonSite

/// The distinct colour palettes the written pages declare, each with one page as an example.
enum ThemePalettes {
    struct Palette: Hashable, Sendable {
        /// `light` or `dark`.
        var scheme: String
        var colors: [String: Color]
        var example: String
    }

    /// The palettes of a site, gathered once when it is assembled.
    static func collect(_ site: CheckedSite) -> [Palette] { site.palettes }

    static func collect(pages: [String: CheckedPage]) -> [Palette] {
        var seen = Set<String>()
        var palettes: [Palette] = []
        for path in pages.keys.sorted() {
            guard let page = pages[path], page.artifact.origin != nil else { continue }
            for palette in page.palettes where seen.insert(palette.signature).inserted {
                palettes.append(Palette(scheme: palette.scheme, colors: palette.colors, example: path))
            }
        }
        return palettes
    }
}
