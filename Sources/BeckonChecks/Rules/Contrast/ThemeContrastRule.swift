import BeckonDiagnostics
import BeckonSite

/// `contrast.text`: text meets WCAG 2.2 AA contrast — 4.5:1 — against its background: body text,
/// links, and button labels on the button, in the light and the dark palette the pages' stylesheet
/// declares (`--text`, `--link`, `--button-text` over `--background` and `--button`).
///
/// The unrounded ratio decides; it is shown truncated (4.478 is 4.47 and fails). APCA's Lc is
/// reported beside it as advisory. Darken or lighten one of the two colours in `theme` until the
/// ratio passes — `beckon contrast FG BG` answers directly.
struct ThemeContrastRule: SiteRule {
    let id: RuleID = "contrast.text"

    /// The text pairs Beckon's layouts draw, with their text size.
    static let pairs: [(foreground: String, background: String, role: String, requirement: ContrastRequirement)] = [
        ("text", "background", "body text", ContrastRequirement(size: 17, weight: 400)),
        ("link", "background", "link text", ContrastRequirement(size: 17, weight: 400)),
        ("button-text", "button", "button label", ContrastRequirement(size: 17, weight: 600)),
    ]

    func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        ThemePalettes.collect(site).flatMap { palette in
            Self.pairs.compactMap { pair in
                evaluate(pair.foreground, pair.background, pair.role, pair.requirement.minimumAA, palette, context)
            }
        }
    }

    func evaluate(
        _ foregroundName: String, _ backgroundName: String, _ role: String, _ minimum: Double,
        _ palette: ThemePalettes.Palette, _ context: CheckContext
    ) -> Diagnostic? {
        guard let foreground = palette.colors[foregroundName], let background = palette.colors[backgroundName] else {
            return nil
        }
        let ratio = Contrast.ratio(foreground, background)
        guard ratio < minimum else { return nil }
        let lc = Contrast.apca(foreground, background)
        let key = "theme.\(palette.scheme).\(Self.configKey(foregroundName))"
        var diagnostic = Diagnostic.error(
            id,
            "\(role) \(foreground.css) on \(background.css) is \(Contrast.display(ratio)):1 in the \(palette.scheme) palette (needs \(Contrast.display(minimum)):1; APCA Lc \(String(format: "%.1f", lc)))",
            at: context.configLocations[key] ?? context.configLocations["theme"],
            fix:
                "Change `\(key)` or `theme.\(palette.scheme).\(Self.configKey(backgroundName))`; `beckon contrast \(foreground.css) \(background.css)` shows the ratio."
        )
        diagnostic.notes = ["in \(palette.example)"]
        return diagnostic
    }

    /// The beckon.yml key of a CSS variable: `button-text` is `buttonText`.
    static func configKey(_ variable: String) -> String {
        variable == "button-text" ? "buttonText" : variable
    }
}
