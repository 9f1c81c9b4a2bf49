import BeckonTestSupport
import Testing

@testable import BeckonEmail

@Suite struct TextWrapperTests {
    static let url = "https://app.selffull.io/accept?token=eyJhbGciOiJSUzI1NiIsImtpZCI6InNmMSIsInR5cCI6IkpXVCJ9.e30.abc"

    @Test(
        arguments: [
            "Your coach Anna-Maria Josefine Charlotte Bernadotte invited you to the course Strength Foundations on SelfFull. Accept within 7 days.",
            "Dein Coach hat dich zum Kurs „Kraft-Grundlagen“ auf SelfFull eingeladen. Nimm die Einladung innerhalb von 7 Tagen an, sonst verfällt sie.",
            "さくらさんがあなたをPlayaに招待しました。大切な人とつながり続ける5万人以上の仲間に加わりましょう。招待は30日間有効です。",
            "دعاك مدربك إلى الدورة على SelfFull. اقبل الدعوة خلال 7 أيام وإلا ستنتهي صلاحيتها ولن تتمكن من الانضمام.",
            "Open this link: \(url) — it expires soon.",
        ])
    func linesFitAndNothingIsLost(text: String) {
        let lines = TextWrapper.wrap(text)
        for line in lines where !line.contains("://") {
            #expect(TextWrapper.columns(line) <= 76, "\(line)")
        }
        // Rejoined, the words are all there: spaces only where the text had them (or between
        // characters of a wide script).
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
    }

    /// Columns counted from the bytes (text below U+0300) agree with counting characters.
    @Test(arguments: [
        "plain", "Grüße", "e\u{301}", "ÿ\u{301}x", "a\r\nb", "\u{2FF}\u{300}", "tab\tstop", "日本", "👍🏽", "",
    ])
    func columnsCountCharacters(text: String) {
        #expect(TextWrapper.columns(text) == text.reduce(0) { $0 + (TextWrapper.isWide($1) ? 2 : 1) })
    }

    @Test func aURLIsNeverBroken() {
        let lines = TextWrapper.wrap("Accept: \(Self.url) now")
        #expect(lines.contains { $0.contains(Self.url) })
    }

    @Test func noLineStartsWithClosingPunctuation() {
        let text = String(repeating: "招待しました。", count: 20)
        for line in TextWrapper.wrap(text).dropFirst() {
            #expect(line.first.map { !TextWrapper.noLineStart.contains($0) } ?? true, "\(line)")
        }
    }

    @Test(arguments: [
        ("Accept Invite", 200), ("Einladung annehmen und loslegen", 351), ("招待を受け入れて始めましょう", 294), ("招待を受ける", 200),
    ])
    func theOutlookButtonGrowsWithItsLabel(label: String, width: Int) {
        #expect(EmailButton.width(for: label) == width)
    }
}

/// The kinsoku test by scalar agrees with the set of characters it stands for.
@Suite struct NoLineStartTests {
    @Test func theScalarTestAgreesWithTheCharacterSet() {
        let characters: [Character] =
            Array(TextWrapper.noLineStart) + ["a", "。\u{301}", "e\u{301}", "\u{FF0E}", "ｰ", "."]
        for character in characters {
            #expect(TextWrapper.isNoLineStart(character) == TextWrapper.noLineStart.contains(character), "\(character)")
        }
    }
}

/// Text the byte path takes for narrow characters wraps as the character path wraps it, and its
/// columns are its characters.
@Suite struct NarrowTextTests {
    static let alphabet: [String] = [
        " ", " ", "a", "Zoë", "é", "e\u{301}", "Ω", "ά", "\u{0345}", "Мария", "\u{0483}", "דנה", "\u{05B0}", "مريم",
        "\u{064B}", "٣", "،", "\u{2068}", "\u{2069}", "\u{200F}", "\u{200D}", "田", "👩", "\u{0600}", "\u{0378}",
        "\n", "-", String(repeating: "w", count: 30),
    ]

    @Test func theBytePathAgreesWithTheCharacterPath() {
        var generator = SeededGenerator(seed: 76)
        var checked = 0
        for _ in 0..<5_000 {
            let text = generator.text(from: Self.alphabet, upTo: 30)
            guard let columns = TextWrapper.narrowColumns(text.utf8) else { continue }
            checked += 1
            #expect(columns == text.count, "\(text.debugDescription)")
            for width in [20, 76] {
                #expect(
                    TextWrapper.wrapNarrow(text, available: width, indent: "  ")
                        == TextWrapper.wrapCharacters(text, available: width, indent: "  "), "\(text.debugDescription)")
            }
        }
        #expect(checked > 300)
    }
}
