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
            ("en-emoji", "e75878516c30a1fb7579998df7901bb98852e1dc4c0bc09ee4ed763f3ce2a462"),
            ("ar", "e85ac8e1d82c4b82992fd8f48ad8444ac2d1ef988e7f8a663acfafafbbcf225a"),
            ("ja", "0ec3e0171b607251ed88486da8ca081e3e344cd83deabb77739cd377eb2fef7c"),
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
