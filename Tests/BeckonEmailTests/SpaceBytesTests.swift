import BeckonTestSupport
import Testing

@testable import BeckonEmail

/// Text whose spaces stand alone splits the same at space bytes as by characters, and collapsing
/// and wrapping it gives what the character-by-character path gives.
@Suite struct SpaceBytesTests {
    /// Pieces that join a neighbouring space into one character, and pieces that do not.
    static let alphabet: [String] = [
        " ", " ", "\n", "\r", "a", "Z", "é", "e\u{301}", "\u{301}", "\u{0600}", "\u{0D4E}", "\u{1F3FD}", "👩🏾‍🚀",
        "\u{200D}", "\u{0E33}", "\u{0903}", "ก", "さ", "田", "\u{2068}", "\u{2069}", "ي", "\u{0308}", "\u{20E3}",
        "🇺🇸", "\u{1F1FA}", "ห", "\u{1160}", "\u{FE0F}", "\u{11A84}", "x", "\u{200C}", "\u{200E}", "\u{202B}",
        "\u{2066}", "\u{0605}", "\u{06DD}",
    ]

    static func characterSplit(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    @Test func standingAloneMeansTheByteSplitIsTheCharacterSplit() {
        var generator = SeededGenerator(seed: 7)
        var checked = 0
        for _ in 0..<20_000 {
            let text = generator.text(from: Self.alphabet, upTo: 12)
            guard SpaceBytes.standAlone(text) else { continue }
            checked += 1
            let bytes = text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A }).map { String(Substring($0)) }
            #expect(bytes == Self.characterSplit(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(TextPiece.collapsingSpaces(text) == Self.characterSplit(text).joined(separator: " "))
        }
        #expect(checked > 5_000)
    }

    @Test func aSpaceThatJoinsItsNeighbourIsNotAlone() {
        #expect(!SpaceBytes.standAlone("a \u{301}b"))
        #expect(!SpaceBytes.standAlone("\u{0600} 1"))
        #expect(!SpaceBytes.standAlone("a \u{1F3FD}"))
        #expect(!SpaceBytes.standAlone("a\r\nb"))
        #expect(SpaceBytes.standAlone("José María 👩🏾‍🚀 さくら\nx"))
        #expect(SpaceBytes.standAlone("مرحبًا \u{2068}مريم\u{2069} أهلًا"))
        #expect(!SpaceBytes.standAlone("a \u{200C}b"))
    }
}
