import BeckonRender
import BeckonTestSupport
import Foundation
import Testing

@Suite struct ByteSearchTests {
    @Test(
        arguments: [
            ("abcabc", "bc", 0, false, 1), ("abcabc", "bc", 2, false, 4), ("abcab", "abc", 1, false, nil),
            ("ab", "abc", 0, false, nil), ("x</SCRIPT>", "</script", 0, false, nil),
            ("x</SCRIPT>", "</script", 0, true, 1), ("abc", "", 2, false, 2), ("", "a", 0, false, nil),
            // The needle's first letter is matched in either case too.
            ("WhatsApp/2.23", "whatsapp", 0, true, 0), ("WhatsApp/2.23", "whatsapp", 0, false, nil),
        ] as [(String, String, Int, Bool, Int?)])
    func findsTheFirstOccurrenceFromAStart(text: String, needle: String, start: Int, ignoringCase: Bool, found: Int?) {
        let bytes = Array(text.utf8)
        #expect(bytes.firstIndex(ofBytes: Array(needle.utf8), from: start, ignoringCase: ignoringCase) == found)
    }

    /// Any collection of bytes: a string's UTF-8 view, compared as bytes, not characters.
    @Test func searchesAStringsBytes() {
        let text = "e\u{301}sig=1"
        #expect(text.utf8.firstIndex(ofBytes: Array("e".utf8)) == text.utf8.startIndex)
        #expect(
            text.utf8.firstIndex(ofBytes: Array("sig=".utf8)).map {
                text.utf8.distance(from: text.utf8.startIndex, to: $0)
            } == 3)
    }

    /// A text, a substring of one and a bridged text are searched alike, in their UTF-8.
    @Test func aTextContainsBytesWhereverItsStorageIs() {
        let text = "a  b NOINDEX"
        #expect(text.containsBytes(Array("  ".utf8)))
        #expect(text.dropFirst(2).containsBytes(Array(" b".utf8)))
        #expect(!text.dropFirst(3).containsBytes(Array("  ".utf8)))
        #expect(text.containsBytes(Array("noindex".utf8), ignoringCase: true))
        #expect(!text.containsBytes(Array("noindex".utf8)))
        #expect(NSString(string: "width=device-width").description.containsBytes(Array("device".utf8)))
    }

    /// For needles of ASCII, the byte search finds what Foundation's search for the characters
    /// finds, over generated texts that mix ASCII, accents (composed or not) and spaces.
    @Test func anASCIINeedleIsFoundWhereFoundationFindsIt() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", " ", "  ", "é", "e\u{301}", "=", "-", "x", "ü", "\t"]
        let needles = ["  ", "a b", "width=device-width", "ab", "=", "x-"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            for needle in needles {
                #expect(
                    text.containsBytes(Array(needle.utf8)) == text.contains(needle),
                    "\(text.debugDescription) \(needle)")
            }
        }
    }

    /// A text a character reading would find one of the characters in is never skipped: on
    /// generated texts with the characters, combining marks after them, and the three characters
    /// outside ASCII that compare equal to ASCII ones, `mayHoldCharacter(among:)` is `true`
    /// whenever a character of the text equals one of them, and whenever one of their bytes occurs.
    @Test func aTextWithOneOfTheCharactersIsNeverSkipped() {
        var generator = SeededGenerator(seed: 19)
        let pieces = ["a", "`", "`\u{301}", "\u{1FEF}", ";", "\u{37E}", "K", "\u{212A}", "*", "é", "例", " ", "\r\n"]
        let sets = [Array("`".utf8), Array(";K".utf8), Array("*_]`".utf8), Array("x".utf8)]
        var skipped = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            for characters in sets {
                let wanted = Set(characters.map { Character(UnicodeScalar($0)) })
                let found = text.contains { wanted.contains($0) }
                let held = text.mayHoldCharacter(among: characters)
                #expect(!found || held, "\(text.debugDescription) holds one of \(wanted)")
                #expect(held == (found || text.utf8.contains { characters.contains($0) }), "\(text.debugDescription)")
                if !held { skipped += 1 }
            }
        }
        #expect(skipped > 1_000, "\(skipped) readings skipped")
    }

    /// `split(atASCII:)` splits as the character split does, whether the text is ASCII (split at
    /// bytes) or not (a separator with a combining mark after it is no separator there), with and
    /// without a limit on the splits, on strings and on substrings.
    @Test func anASCIISplitIsTheCharacterSplit() {
        var generator = SeededGenerator(seed: 29)
        let pieces = ["a", "bc", ".", "..", ",", "=", ".\u{301}", "é", "\r\n", "例", " "]
        var nonASCII = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            if !text.utf8.allSatisfy({ $0 < 0x80 }) { nonASCII += 1 }
            for separator in [UInt8(ascii: "."), UInt8(ascii: ",")] {
                let character = Character(Unicode.Scalar(separator))
                #expect(text.split(atASCII: separator) == text.split(separator: character), "\(text.debugDescription)")
                #expect(
                    text.split(atASCII: separator, maxSplits: 1) == text.split(separator: character, maxSplits: 1),
                    "\(text.debugDescription)")
                let inner = text.dropFirst()
                #expect(
                    inner.split(atASCII: separator) == inner.split(separator: character), "\(text.debugDescription)")
            }
        }
        #expect(nonASCII > 500 && nonASCII < 2_900, "\(nonASCII) of 3,000 texts outside ASCII")
    }
}
