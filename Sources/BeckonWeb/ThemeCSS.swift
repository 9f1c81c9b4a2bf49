import BeckonSite

/// The theme as CSS custom properties, light by default and dark under `prefers-color-scheme`.
/// Layouts style pages with `var(--text)`, `var(--background)`, `var(--link)`, `var(--button)`,
/// `var(--button-text)`, `var(--font-body)` and `var(--font-heading)`.
enum ThemeCSS {
    static func css(_ theme: ThemeConfig) -> String {
        """
        :root{\(palette(theme.light))--font-body:\(theme.fonts.body);--font-heading:\(theme.fonts.heading)}
        @media (prefers-color-scheme:dark){:root{\(palette(theme.dark))}}
        """
    }

    private static func palette(_ palette: ThemeConfig.Palette) -> String {
        "--text:\(palette.text.css);--background:\(palette.background.css);--link:\(palette.link.css);"
            + "--button:\(palette.button.css);--button-text:\(palette.buttonText.css);"
    }
}
