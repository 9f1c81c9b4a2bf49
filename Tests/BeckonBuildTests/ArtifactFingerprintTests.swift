import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import BeckonSite
import Testing

@testable import BeckonBuild

/// An artifact's fingerprint keys the checks of it: every card fact the card rules read changes it.
@Suite struct ArtifactFingerprintTests {
    static let white = Color(red: 255, green: 255, blue: 255)
    static let facts = CardFacts(
        titleOverflowed: false,
        texts: [
            CardFacts.Text(
                role: "title", color: white, backgrounds: [Color(red: 10, green: 20, blue: 30)], isLarge: true,
                colorSource: SourceLocation(file: "templates/og/card.yml", line: 4, column: 8),
                backgroundSources: [SourceLocation(file: "beckon.yml", line: 12)])
        ], titleSource: SourceLocation(file: "locales/en-US.yml", line: 3))

    static func fingerprint(_ facts: CardFacts?) -> Fingerprint {
        var artifact = Artifact(
            path: "cards/en-US/generic.png", kind: .ogCard, contentType: "image/png", bytes: [1, 2])
        artifact.card = facts
        return artifact.fingerprint
    }

    @Test(arguments: [
        "no facts", "title overflowed", "widow", "title source", "role", "colour", "alpha", "background",
        "large", "colour source line", "background source", "another text",
    ])
    func everyCardFactChangesIt(change: String) {
        var facts: CardFacts? = Self.facts
        switch change {
        case "no facts": facts = nil
        case "title overflowed": facts!.titleOverflowed = true
        case "widow": facts!.titleEndsInWidow = true
        case "title source": facts!.titleSource = nil
        case "role": facts!.texts[0].role = "subtitle"
        case "colour": facts!.texts[0].color.blue = 254
        case "alpha": facts!.texts[0].color.alpha = 0.5
        case "background": facts!.texts[0].backgrounds.append(Self.white)
        case "large": facts!.texts[0].isLarge = false
        case "colour source line": facts!.texts[0].colorSource!.line = 5
        case "background source": facts!.texts[0].backgroundSources = []
        default: facts!.texts.append(facts!.texts[0])
        }
        #expect(Self.fingerprint(facts) != Self.fingerprint(Self.facts))
        #expect(Self.fingerprint(Self.facts) == Self.fingerprint(Self.facts))
    }
}
