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
        for page in pages.values.sorted(by: { $0.artifact.path < $1.artifact.path })
        where page.artifact.origin != nil {
            let variables = page.theme
            for (scheme, colors) in [("light", variables.light), ("dark", variables.resolvedDark)] where !colors.isEmpty
            {
                let signature = scheme + colors.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.css)" }.joined()
                guard seen.insert(signature).inserted else { continue }
                palettes.append(Palette(scheme: scheme, colors: colors, example: page.artifact.path))
            }
        }
        return palettes
    }
}
