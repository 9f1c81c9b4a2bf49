import BeckonSite

/// The distinct colour palettes the written pages declare, each with one page as an example.
enum ThemePalettes {
    struct Palette: Hashable {
        /// `light` or `dark`.
        var scheme: String
        var colors: [String: Color]
        var example: String
    }

    static func collect(_ site: CheckedSite) -> [Palette] {
        var seen = Set<String>()
        var palettes: [Palette] = []
        for page in site.pages.values.sorted(by: { $0.artifact.path < $1.artifact.path })
        where page.artifact.origin != nil {
            let css = page.document.elements(named: "style").map(\.textContent).joined(separator: "\n")
            let variables = ThemeVariables(css: css)
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
