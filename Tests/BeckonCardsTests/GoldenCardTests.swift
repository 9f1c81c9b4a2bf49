import BeckonCards
import BeckonSite
import Testing

/// Cards compared byte for byte with recorded SHA-256 hashes. Fonts, Pango, Cairo or libdeflate from
/// other Debian releases change them: to re-record, run with `BECKON_CARD_PNGS=/tmp/cards`, look at
/// the PNGs written there, and paste the hashes from the failures.
@Suite struct GoldenCardTests {
    static let cards: [String: CardContent] = [
        "en-emoji": CardContent(
            title: "Maya 🌴 invited you to Playa",
            subtitle: "Join 50K+ people staying close to the people who matter.", footer: "join.playa.app",
            locale: LocaleID("en-US")!, avatarPNG: CardFixtures.avatar),
        "ar": CardContent(
            title: "ليلى العبدالله دعتك إلى Playa",
            subtitle: "انضم إلى أكثر من 50 ألف شخص يبقون على تواصل مع من يهمهم.", footer: "join.playa.app",
            locale: LocaleID("ar")!, initials: "ل"),
        "ja": CardContent(
            title: "山田さくらさんからPlayaへの招待が届きました",
            subtitle: "大切な人とつながり続ける5万人以上の仲間に加わりましょう。", footer: "join.playa.app",
            locale: LocaleID("ja-JP")!, avatarPNG: CardFixtures.avatar),
    ]

    @Test(
        arguments: [
            ("en-emoji", "9562f44e3c9ddefbcf9bb0024193235c5a1006d01e773b533ca3c7b92d2ee9ee"),
            ("ar", "90eecfa56fd7b91dfbf85e24203ad7216e70999763e21d92fdc2c2d5b10d30a7"),
            ("ja", "bbb25d43fcbbc09c040f0471fc4537dc4e69f72450d3623fc93aa9cc719ad323"),
        ])
    func matchesItsRecording(name: String, sha256: String) throws {
        let card = try CardRenderer.render(CardFixtures.layout(), Self.cards[name]!, assets: CardFixtures.assets())
        CardFixtures.keep(card.png, as: name)
        #expect(CardFixtures.sha256(card.png) == sha256, "\(name) now hashes to \(CardFixtures.sha256(card.png))")
        #expect(CardFixtures.dimensions(ofPNG: card.png)! == (RenderedCard.width, RenderedCard.height))
        #expect(RenderedCard.width == 1200 && RenderedCard.height == 630)
        #expect(card.png.count <= 300 * 1024)
        #expect(!card.titleOverflowed)
    }
}
