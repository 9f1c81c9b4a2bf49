import BeckonSite
import Testing

@testable import BeckonWeb

@Suite struct CardSetTests {
    @Test(
        arguments: [
            ("Maya Schneider", "MS"),
            ("Anna-Maria Josefine Charlotte Bernadotte", "AJ"),
            ("Maya 🌴", "M"),
            ("ليلى العبدالله", "ل"), ("Maya العبدالله", "M"),
            ("さくら", "さ"),
            ("  ", ""),
        ])
    func initialsNeverSpellAWord(name: String, expected: String) {
        #expect(CardSet.initials(of: name) == expected)
    }

    @Test func cardsHaveOnePathPerLocaleAndSample() {
        #expect(CardSet.path(locale: LocaleID("ar")!, sample: nil) == "cards/ar/generic.png")
        #expect(CardSet.path(locale: LocaleID("de-DE")!, sample: "long-name") == "cards/de-DE/long-name.png")
    }
}
