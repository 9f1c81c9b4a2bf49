import BeckonDiagnostics
import BeckonRender

/// `card.widow`: a card's title does not end with a line of one letter.
///
/// Pango breaks Japanese and Chinese between any two characters, so a title one character too
/// long leaves 「た」 alone on its last line, and a long name can do the same in any script. A
/// widow reads as a mistake at the size of a link preview. Shorten or rephrase the title (in the
/// locale where it happens), or give it a smaller `title.size` in the card layout.
struct CardWidowRule: ImageRule {
    let id: RuleID = "card.widow"

    func check(_ artifact: Artifact, context: CheckContext) -> [Finding] {
        guard artifact.card?.titleEndsInWidow == true else { return [] }
        return [
            Finding(
                "the card's title ends with a single character on its last line", line: 1,
                fix:
                    "Shorten or rephrase this string so its last line holds more than one character, or use a smaller `title.size` in \(artifact.template ?? "the card layout").",
                location: artifact.card?.titleSource)
        ]
    }
}
