import BeckonText
import Testing

@Test(
    arguments: [
        ("en-US", "Maya invited you to Playa!", 5),
        ("en-US", "  spaces, punctuation — and   dashes…  ", 4),
        ("de-DE", "Diese Einladung ist 30 Tage gültig.", 6),
        // この|招待|の|有効|期限|は|30|日間|です
        ("ja-JP", "この招待の有効期限は30日間です。", 9),
        // 你的|教练|邀请|你|加入|课程
        ("zh-CN", "你的教练邀请你加入课程", 6),
        // คุณ|ได้|รับ|เชิญ: Thai has no spaces between words
        ("th-TH", "คุณได้รับเชิญ", 4),
        ("en-US", "", 0),
    ] as [(String, String, Int)])
func wordsAreCountedTheWayTheLocaleReads(locale: String, text: String, expected: Int) {
    #expect(WordCounter(locale: locale).count(text) == expected)
}
