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

    /// The image's alt text is two sentences in the locale's punctuation: 「。」 in Japanese,
    /// ". " elsewhere, nothing doubled after a title that already ends one.
    @Test(
        arguments: [
            ("ja-JP", "お友だちからPlayaへの招待", "仲間に加わりましょう。", "お友だちからPlayaへの招待。仲間に加わりましょう。"),
            ("ja-JP", "招待が届きました！", "今すぐ参加", "招待が届きました！今すぐ参加"),
            ("en-US", "A friend invited you", "Join us.", "A friend invited you. Join us."),
            ("en-US", "You're invited!", "Join us.", "You're invited! Join us."),
            ("ar", "دعوة من ليلى", "انضم.", "دعوة من ليلى. انضم."),
        ])
    func altTextIsTwoSentencesOfTheLocale(locale: String, first: String, second: String, expected: String) throws {
        #expect(CardSet.sentences(first, second, locale: try #require(LocaleID(locale))) == expected)
    }
}
