import BeckonProvenance
import BeckonRender
import BeckonSite

/// The theme as CSS custom properties, light by default and dark under `prefers-color-scheme`.
/// Layouts style pages with `var(--text)`, `var(--background)`, `var(--link)`, `var(--button)`,
/// `var(--button-text)`, `var(--font-body)` and `var(--font-heading)`. Each colour is marked with
/// the line of beckon.yml that set it.
enum ThemeCSS {
    static func css(_ theme: ThemeConfig, origins: RenderOrigins? = nil) -> String {
        func mark(_ text: String, _ path: String) -> String {
            OriginMarks.wrap(text, in: origins?.setting(path))
        }
        return """
            :root{\(palette(theme.light, "light", mark))--font-body:\(mark(theme.fonts.body, "theme.fonts.body"));\
            --font-heading:\(mark(theme.fonts.heading, "theme.fonts.heading"))}
            @media (prefers-color-scheme:dark){:root{\(palette(theme.dark, "dark", mark))}}
            """
    }

    private static func palette(
        _ palette: ThemeConfig.Palette, _ scheme: String, _ mark: (String, String) -> String
    ) -> String {
        let colors: [(String, Color, String)] = [
            ("text", palette.text, "text"), ("background", palette.background, "background"),
            ("link", palette.link, "link"), ("button", palette.button, "button"),
            ("button-text", palette.buttonText, "buttonText"),
        ]
        return colors.map { "--\($0.0):\(mark($0.1.css, "theme.\(scheme).\($0.2)"));" }.joined()
    }
}
