import BeckonDiagnostics
import BeckonEngine
import BeckonProvenance
import BeckonRender
import BeckonSite
import Testing

@testable import BeckonBuild

/// An artifact's fingerprint keys the checks of it: every card fact the card rules read changes it,
/// and its card and its provenance are never taken for each other.
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

    static func fingerprint(_ facts: CardFacts?, provenance: ProvenanceMap? = nil) -> Fingerprint {
        var artifact = Artifact(
            path: "cards/en-US/generic.png", kind: .ogCard, contentType: "image/png", bytes: [1, 2],
            provenance: provenance)
        artifact.card = facts
        return artifact.fingerprint
    }

    static let changes = [
        "no facts", "title overflowed", "widow", "title source", "role", "colour", "alpha", "background",
        "large", "colour source line", "background source", "another text",
    ]

    /// `facts` with one of `changes` made.
    static func changed(_ change: String) -> CardFacts? {
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
        return facts
    }

    @Test(arguments: changes)
    func everyCardFactChangesIt(change: String) {
        let fingerprint = Self.fingerprint(Self.changed(change))
        #expect(fingerprint != Self.fingerprint(Self.facts))
        // And no two changes give the same fingerprint.
        for other in Self.changes where other != change {
            #expect(fingerprint != Self.fingerprint(Self.changed(other)), "\(change) as \(other)")
        }
    }

    /// The bytes are part of it through their digest: any one byte changed, or one byte more,
    /// changes it.
    @Test func everyByteChangesIt() {
        let bytes = Array("<p>Maya invited you to Tandem</p>".utf8)
        func fingerprint(_ bytes: [UInt8]) -> Fingerprint {
            Artifact(path: "en-US/invite/index.html", kind: .landing, contentType: "text/html", bytes: bytes)
                .fingerprint
        }
        let original = fingerprint(bytes)
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 1
            #expect(fingerprint(changed) != original, "byte \(index)")
        }
        #expect(fingerprint(bytes + [0]) != original)
    }

    /// A card without provenance and provenance without a card are told apart, even when the
    /// card's fields and the provenance's give the same numbers in the same order: the card adds
    /// 0 (no overflow), 1 (a widow), its title source (an empty file name, line 5, column 7) and
    /// no texts; the provenance adds no origins and one span from 0 to 5 naming origin 7 at depth 0.
    @Test func aCardIsNeverTakenForProvenance() {
        let card = CardFacts(
            titleOverflowed: false, texts: [], titleSource: SourceLocation(file: "", line: 5, column: 7),
            titleEndsInWidow: true)
        let provenance = ProvenanceMap(spans: [ProvenanceMap.Span(start: 0, end: 5, origin: 7, depth: 0)])
        #expect(Self.fingerprint(card) != Self.fingerprint(nil, provenance: provenance))
        #expect(Self.fingerprint(card, provenance: provenance) != Self.fingerprint(card))
        #expect(Self.fingerprint(card, provenance: provenance) != Self.fingerprint(nil, provenance: provenance))
    }
}
