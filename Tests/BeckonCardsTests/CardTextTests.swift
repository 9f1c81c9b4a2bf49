import Testing

@testable import BeckonCards

@Suite struct CardTextTests {
    @Test(
        arguments: [
            ("  Maya  invited\tyou \n", "Maya invited you", false),
            ("a\u{0}b\u{7}c\r\nd\u{2028}e", "a b c d e", false),
            ("ليلى\u{200F} 🌴‍", "ليلى\u{200F} 🌴‍", false),
            (String(repeating: "ab ", count: 1000), String(repeating: "ab ", count: 666) + "ab", true),
        ])
    func textBecomesOneCleanParagraph(input: String, expected: String, truncated: Bool) {
        let text = CardText(input)
        #expect(text.text == expected)
        #expect(text.truncated == truncated)
        #expect(text.text.unicodeScalars.count <= CardText.maxScalars)
    }

    @Test func initialsAreWholeCharacters() {
        #expect(CardText(" 👩‍👩‍👧 Maya ").prefix(2) == "👩‍👩‍👧 ")
        #expect(CardText("MS").prefix(2) == "MS")
    }
}
