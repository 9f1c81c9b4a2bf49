import BeckonRender
import Testing

@testable import BeckonChecks

@Suite struct VisibleCharacterTests {
    /// Characters as people see them: clusters count once, isolation marks not at all, and text
    /// within the limit is reported as such.
    @Test(
        arguments: [
            ("abc", 2, 3), ("ab", 2, nil), ("e\u{301}e\u{301}e\u{301}", 2, 3), ("\u{2068}ab\u{2069}", 2, nil),
            ("\u{2068}abc\u{2069}", 2, 3), ("👩‍👩‍👧", 1, nil), ("👩‍👩‍👧👩‍👩‍👧", 1, 2), ("", 0, nil),
            // A combining mark after an isolated value joins the value's last letter once the mark is out.
            ("\u{2068}e\u{2069}\u{301}x", 1, 2),
        ] as [(String, Int, Int?)])
    func visibleCharactersAreCountedPastTheLimit(text: String, limit: Int, expected: Int?) {
        #expect(CharsMaxRule.visibleCount(text, over: limit) == expected)
    }

    @Test(
        arguments: [
            ("\u{2066}", true), ("\u{2067}", true), ("\u{2068}", true), ("\u{2069}", true), ("\u{2065}", false),
            ("\u{206A}", false), ("a", false), ("\u{200F}", false),
        ] as [(Character, Bool)])
    func isolationMarksAreTheFourIsolates(character: Character, expected: Bool) {
        #expect(Bidi.isIsolationMark(character) == expected)
    }
}
