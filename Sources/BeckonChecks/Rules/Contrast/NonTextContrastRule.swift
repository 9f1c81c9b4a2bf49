import BeckonDiagnostics

/// `contrast.non-text`: a button's fill stands out from the page background by WCAG 2.2's 3:1 for
/// user interface components (1.4.11), in both palettes.
///
/// A button whose fill melts into the page is not recognisable as one. Change `theme.*.button`.
struct NonTextContrastRule: SiteRule {
    let id: RuleID = "contrast.non-text"

    func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        ThemePalettes.collect(site).compactMap { palette in
            ThemeContrastRule().evaluate(
                "button", "background", "the button fill", ContrastRequirement.nonText, palette, context
            )
            .map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.rule = id
                return diagnostic
            }
        }
    }
}
