import BeckonDiagnostics

/// `contrast.large-text`: headings — large text, at least 24 px, or 18.667 px bold — meet WCAG 2.2
/// AA's 3:1 against the background, in both palettes.
///
/// Large text may be lighter than body text, but not below 3:1. Change `theme.*.text` or
/// `theme.*.background`.
struct LargeTextContrastRule: SiteRule {
    let id: RuleID = "contrast.large-text"

    func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        let requirement = ContrastRequirement(size: 28, weight: 700)
        return ThemePalettes.collect(site).compactMap { palette in
            ThemeContrastRule().evaluate("text", "background", "heading text", requirement.minimumAA, palette, context)
                .map { diagnostic in
                    var diagnostic = diagnostic
                    diagnostic.rule = id
                    return diagnostic
                }
        }
    }
}
