import BeckonSite
import Testing

@Suite struct LocaleIDTests {
    @Test(arguments: ["en-US", "de-DE", "ja-JP", "ar", "zh-Hant-TW", "es-419", "en-XA", "ar-XB", "fil"])
    func acceptsCanonicalIdentifiers(text: String) {
        #expect(LocaleID(text)?.rawValue == text)
    }

    @Test(arguments: ["../etc", "en/US", "en_US", "EN-us", "e", "english", "en-", "", "de-DE-", "de..DE", "en-US/.."])
    func rejectsAnythingElse(text: String) {
        #expect(LocaleID(text) == nil)
    }

    @Test(arguments: [("ar", true), ("he-IL", true), ("fa", true), ("ar-XB", true), ("en-US", false), ("ja-JP", false)])
    func knowsTheTextDirection(text: String, rightToLeft: Bool) {
        #expect(LocaleID(text)?.isRightToLeft == rightToLeft)
    }

    @Test func hintsAtTheCanonicalSpelling() {
        #expect(LocaleID.hint(for: "en_us") == "Write it as `en-US`.")
        #expect(LocaleID.hint(for: "../de").contains("cannot contain"))
    }

    @Test func parentsStepToTheLanguage() {
        #expect(LocaleID("de-AT")?.parent == LocaleID("de"))
        #expect(LocaleID("zh-Hant-TW")?.parent == LocaleID("zh-Hant"))
        #expect(LocaleID("ar")?.parent == nil)
    }
}
