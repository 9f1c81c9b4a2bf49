import BeckonRender
import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonReview

/// The review page's links scroll to a string with a text fragment. Words without a markup byte
/// are kept whole instead of filtered a character at a time, and ASCII texts are split in their
/// bytes: on generated strings (markup, combining marks, GREEK VARIA, which compares equal to
/// `` ` ``, hyphens, CJK, ASCII's tabs and line ends, long texts) the fragment is the one the
/// character-wise reading makes.
@Suite struct ReviewTextFragmentTests {
    @Test func fragmentsAreWhatTheCharacterReadingMakes() {
        var generator = SeededGenerator(seed: 91)
        let pieces = [
            "Maya", " ", "invited", "you", "**Playa**", "_now_", "`code`", "*\u{301}", "\u{1FEF}", "e\u{301}",
            "-", "well-known", "招待", "ليلى", "\n", "’", "&", "#", "%", "*", "__", "\t", "\r\n", "\u{0B}",
        ]
        var shortened = 0
        var ascii = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined(separator: Bool.random(using: &generator) ? " " : "")
            let fragment = ArtifactAppearances.textFragment(text)
            #expect(fragment == Self.fragment(text), "\(text.debugDescription)")
            if fragment.contains(",") { shortened += 1 }
            if text.utf8.allSatisfy({ $0 < 0x80 }) { ascii += 1 }
        }
        #expect(ascii > 100, "\(ascii) of 3,000 texts are ASCII")
        #expect(shortened > 100, "\(shortened) of 3,000 fragments name a start and an end")
    }

    /// `ArtifactAppearances.textFragment(_:)` filtering every word a character at a time.
    private static func fragment(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).map { $0.filter { !"*_`".contains($0) } }
            .filter { !$0.isEmpty }
        func encoded(_ text: String) -> String {
            URLEscaping.component(text).replacingOccurrences(of: "-", with: "%2D")
        }
        guard !words.isEmpty else { return "" }
        guard words.count > 8 else { return "#:~:text=" + encoded(words.joined(separator: " ")) }
        return "#:~:text=" + encoded(words.prefix(4).joined(separator: " ")) + ","
            + encoded(words.suffix(4).joined(separator: " "))
    }
}
