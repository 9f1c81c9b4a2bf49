import BeckonDiagnostics
import BeckonRender
import BeckonSite

/// `contrast.card`: every text on a preview card meets WCAG 2.2 contrast against every colour it
/// was drawn over — 4.5:1, or 3:1 for large text such as the title — measured on the card's actual
/// colours, across the whole gradient behind the text.
///
/// Previews are seen small and in sunlight. Darken the gradient or lighten the text in the card
/// layout.
struct CardContrastRule: ImageRule {
    let id: RuleID = "contrast.card"

    func check(_ artifact: Artifact, context: CheckContext) -> [Finding] {
        guard let facts = artifact.card else { return [] }
        return facts.texts.compactMap { text in
            let minimum = text.isLarge ? 3 : 4.5
            guard
                let worst = text.backgrounds.min(by: { Contrast.ratio(text.color, $0) < Contrast.ratio(text.color, $1) }
                )
            else { return nil }
            let ratio = Contrast.ratio(text.color, worst)
            guard ratio < minimum else { return nil }
            // A theme colour in beckon.yml is what people change, and what other artifacts share:
            // report there when either colour comes from it, else at the text colour's line.
            let sources = text.backgroundSources + (text.colorSource.map { [$0] } ?? [])
            let location = sources.first { $0.file == SiteLoader.configFile } ?? text.colorSource ?? sources.first
            var finding = Finding(
                "the card's \(text.role) \(text.color.css) is under \(Contrast.display(minimum)):1 against the background behind it",
                line: 1,
                fix:
                    "Change the \(text.role) colour or the background in the card layout, or the theme colour it names.",
                location: location)
            finding.detail = "\(Contrast.display(ratio)):1 over \(worst.css)"
            return finding
        }
    }
}
