import BeckonCards
import BeckonSite
import Testing

/// What cards show, read back from their pixels.
@Suite struct CardPixelTests {
    func pixels(_ title: String, _ locale: String) throws -> CardPixels {
        let content = CardContent(title: title, locale: LocaleID(locale)!)
        let card = try CardRenderer.render(CardFixtures.layout(CardFixtures.plainLayoutText), content, assets: .none)
        return try CardPixels(card.png)
    }

    @Test(arguments: [("🌴🎉", true), ("123 #*", false)])
    func emojiAreInColourAndDigitsAreText(title: String, colourful: Bool) throws {
        let saturated = try pixels(title, "en-US").count { max($0, $1, $2) - min($0, $1, $2) > 80 }
        #expect((saturated > 500) == colourful, "\(saturated) saturated pixels")
    }

    @Test(
        arguments: [
            ("Hi Maya", "en-US", false),
            ("مرحبا ليلى", "ar", true),
            ("Maya مرحبا", "ar", true),
        ])
    func textStartsAtTheLocalesSide(title: String, locale: String, rightAligned: Bool) throws {
        let columns = try #require(try pixels(title, locale).darkColumns())
        // The plain layout has 72 pixels of padding on each side.
        if rightAligned {
            #expect(columns.upperBound > 1200 - 72 - 8 && columns.lowerBound > 600)
        } else {
            #expect(columns.lowerBound < 72 + 8 && columns.upperBound < 600)
        }
    }
}
