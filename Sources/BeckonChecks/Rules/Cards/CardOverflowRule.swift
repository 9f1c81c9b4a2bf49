import BeckonDiagnostics
import BeckonRender

/// `card.overflow`: a card's title fits its lines without being cut off with an ellipsis, in every
/// locale and with every sample invite (a 40-character name is the usual culprit).
///
/// A cut-off title can drop the very name that makes the invite personal. Shorten the string,
/// give the title more lines (`title.maxLines`) or a smaller size in `templates/og/card.yml`.
struct CardOverflowRule: ImageRule {
    let id: RuleID = "card.overflow"

    func check(_ artifact: Artifact, context: CheckContext) -> [Finding] {
        guard artifact.card?.titleOverflowed == true else { return [] }
        return [
            Finding(
                "the card's title does not fit and is cut off with an ellipsis", line: 1,
                fix:
                    "Shorten this string, or allow more lines (`title.maxLines`) or a smaller `title.size` in \(artifact.template ?? "the card layout").",
                location: artifact.card?.titleSource)
        ]
    }
}
