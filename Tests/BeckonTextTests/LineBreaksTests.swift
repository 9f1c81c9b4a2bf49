import BeckonText
import Testing

/// Japanese lines break between phrases, never before a verb's ending; other languages as ICU's
/// rules say.
@Suite struct LineBreaksTests {
    static func pieces(_ text: String, locale: String) -> [String] {
        let units = Array(text.utf16)
        var pieces: [String] = []
        var start = 0
        for offset in LineBreaks(locale: locale).offsets(in: text) + [units.count] {
            pieces.append(String(decoding: units[start..<offset], as: UTF16.self))
            start = offset
        }
        return pieces
    }

    @Test(
        arguments: [
            ("この招待は取り消されました", ["この", "招待は", "取り消されました"]),
            ("招待を受け取ることはできません", ["招待を", "受け取ることはできません"]),
            ("友達に招待を送る", ["友達に", "招待を", "送る"]),
            ("招待してくれた人に新しい招待を送ってもらいましょう。", ["招待してくれた", "人に", "新しい", "招待を", "送ってもらいましょう。"]),
            ("さくらからPlayaへの招待が届きました", ["さくらから", "Playaへの", "招待が", "届きました"]),
            ("30日間です。すぐに表示されます", ["30日間です。", "すぐに", "表示されます"]),
        ] as [(String, [String])])
    func japaneseBreaksBetweenPhrases(text: String, expected: [String]) {
        #expect(Self.pieces(text, locale: "ja-JP") == expected)
    }

    @Test func otherLanguagesBreakAtSpaces() {
        #expect(Self.pieces("Join 50K+ people", locale: "en-US") == ["Join ", "50K+ ", "people"])
        #expect(LineBreaks.breaksByPhrase("ja-JP") && LineBreaks.breaksByPhrase("ja"))
        #expect(!LineBreaks.breaksByPhrase("en-US") && !LineBreaks.breaksByPhrase("jv"))
    }
}
