import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonText

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

/// Each thread keeps its last word iterator and reuses it for the next text of the same locale:
/// the counts and words do not depend on what was counted before, in which locale, or how long it
/// was (a shorter text after a longer one, an empty one between).
@Test func keptIteratorsAnswerAsNewOnes() {
    let texts: [(locale: String, text: String)] = [
        ("en-US", "Maya invited you to Playa!"), ("ja-JP", "この招待の有効期限は30日間です。"),
        ("en-US", "Hi"), ("th-TH", "คุณได้รับเชิญ"), ("de-DE", ""), ("de-DE", "Diese Einladung ist 30 Tage gültig."),
        ("zh-CN", "你的教练邀请你加入课程"), ("en-US", "  spaces, punctuation — and   dashes…  "),
    ]
    let expected = texts.map {
        (WordCounter(locale: $0.locale).count($0.text), WordCounter(locale: $0.locale).words(in: $0.text))
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
        for index in texts.indices.shuffled(using: &generator) {
            let counter = WordCounter(locale: texts[index].locale)
            #expect(counter.count(texts[index].text) == expected[index].0)
            #expect(counter.words(in: texts[index].text) == expected[index].1)
        }
    }
}

/// The code units handed to ICU are the text's UTF-16, for every kind of scalar: ASCII, Latin
/// with combining marks, CJK, right-to-left, and characters outside the BMP (surrogate pairs).
@Test func textsAreHandedOnAsTheirUTF16() {
    var generator = SeededGenerator(seed: 77)
    let pieces = ["Maya", " ", "e\u{301}", "ü", "招待", "ليلى", "👋", "𝔘", "\r\n", "—", "٧", "\u{1F469}\u{200D}\u{1F4BB}"]
    for _ in 0..<2_000 {
        let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            .joined()
        #expect(WordCounter.utf16(text) == Array(text.utf16), "\(text.debugDescription)")
    }
}

/// The bound that spares ICU a text under the limit is never below ICU's count, in any locale,
/// and a text is reported over a limit exactly when ICU counts more words.
@Test func theBoundIsNeverBelowTheCount() {
    var generator = SeededGenerator(seed: 151)
    let pieces = [
        "Maya", " ", "don't", "3.14", "1,000", "e\u{301}", "\u{301}", "über", "Straße", "×", "÷", "—", "’", "\u{A0}",
        "招待", "です", "カタカナ", "คุณได้รับ", "ليلى", "👋", "_", "a_b", "x86", ".", "!", "\n", "Ǆ", "ȸ", "ɐ", "٧",
        "a:b", "3a", "Ⅻ", "\u{200D}", "\u{2060}", "$", "#tag", "@", "🇩🇪", "\u{202F}", "%", "&", "+", "=", "'", "(", "/",
        "~", "|", "\t", "\r\n",
    ]
    var over = 0
    for round in 0..<6_000 {
        let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            .joined()
        let locale = ["en-US", "de-DE", "ja-JP", "th-TH", "ar", "sv-SE"][round % 6]
        let counter = WordCounter(locale: locale)
        let count = counter.count(text)
        #expect(WordCounter.wordsAtMost(text) >= count, "\(text.debugDescription) in \(locale)")
        let limit = round % 7
        #expect(counter.count(text, over: limit) == (count > limit ? count : nil), "\(text.debugDescription)")
        if count > limit { over += 1 }
    }
    // The texts reach both answers, many times.
    #expect(over > 1_000 && over < 5_000)
}

/// Texts of Latin letters, digits, spaces and punctuation are counted without ICU in the languages
/// whose rules read them as UAX #29 does, and the count is ICU's, for every such language, with
/// `'`, `’`, `.`, `·`, `,`, `:` and `;` between letters, between digits and between the two; texts
/// with a combining mark, `_`, `@` or another script go to ICU.
@Test func latinTextsAreCountedAsICUCountsThem() {
    var generator = SeededGenerator(seed: 2_612)
    let letters = Array("aeiouyAZmnpqrstxßäöüåæøéèçñłśžčőıİǅ")
    let spaces = [" ", " ", "  ", "\n", "\t", "\r\n", "\u{A0}"]
    let punctuation = Array("!?-()\"@#&/«»„“”—–…¿¡×+=%").map(String.init)
    let marks = [".", ",", ":", ";", "'", "’", "‘", "·", "․"]
    // Left to ICU: `_`, a combining mark, other scripts, an emoji, a soft hyphen, `ª`, a joiner.
    let others = ["_", "e\u{301}", "招待", "👋", "ليلى", "\u{AD}", "ª", "\u{200D}"]
    // A mark between two letters, two digits or one of each: `you’re`, `3.5`, `1,000`, `l·l`, `a:b`.
    let sides = ["ab", "é", "Z", "7", "42"]
    func word() -> String {
        String((0..<Int.random(in: 1...7, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
    }
    func piece() -> String {
        switch Int.random(in: 0..<31, using: &generator) {
        case 0..<8: word()
        case 8..<11: String(Int.random(in: 0...99_999, using: &generator))
        case 11..<19: spaces.randomElement(using: &generator)!
        case 19..<23: punctuation.randomElement(using: &generator)!
        case 23..<27: marks.randomElement(using: &generator)!
        case 27..<30:
            sides.randomElement(using: &generator)! + marks.randomElement(using: &generator)!
                + sides.randomElement(using: &generator)!
        default: others.randomElement(using: &generator)!
        }
    }
    let locales = LatinWords.languages.sorted() + ["en-US", "de-DE", "sv-SE", "fi-FI", "nb-NO", "pt-BR", "fr-CA"]
    var counted = 0
    var leftToICU = 0
    var joined = 0
    for locale in locales {
        let counter = WordCounter(locale: locale)
        #expect(counter.latinReading != nil, "\(locale)")
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in piece() }.joined()
            if let fast = counter.latinReading.flatMap({ LatinWords.count(in: text, $0) }) {
                counted += 1
                // Fewer words than runs of letters and digits: a mark joined two runs.
                let runs = text.unicodeScalars.split { !CharacterSet.latinWordScalars.contains($0) }.count
                if fast < runs { joined += 1 }
            } else {
                leftToICU += 1
            }
            #expect(counter.count(text) == counter.countWithICU(text), "\(text.debugDescription) in \(locale)")
        }
    }
    // Both ways are taken, many times, and marks join words in many of the texts counted here.
    #expect(counted > 5_000 && leftToICU > 1_000 && joined > 500)
}

extension CharacterSet {
    /// The letters and digits `LatinWords` counts words of.
    fileprivate static let latinWordScalars = CharacterSet(charactersIn: "0"..."9")
        .union(CharacterSet(charactersIn: "A"..."Z")).union(CharacterSet(charactersIn: "a"..."z"))
        .union(CharacterSet(charactersIn: "\u{C0}"..."\u{24F}")).subtracting(CharacterSet(charactersIn: "×÷"))
}

@Test(
    arguments: [
        ("en", true), ("en_US", true), ("sv_SE", true), ("en_US_POSIX", false), ("ja_JP", false), ("th", false),
        ("zh_Hant", false), ("de_DE_u_co_phonebk", false), ("ar", false), ("", false),
    ] as [(String, Bool)])
func onlyLanguagesReadAsTheRootRulesReadThemAreCountedWithoutICU(icuLocale: String, alike: Bool) {
    #expect((LatinWords.reading(icuLocale) != nil) == alike)
}
