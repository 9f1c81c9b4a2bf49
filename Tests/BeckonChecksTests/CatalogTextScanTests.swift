import BeckonTestSupport
import Testing

@testable import BeckonChecks

/// The catalog rules skip a string's character-by-character reading when its bytes cannot hold
/// what they look for. On generated strings (URLs, addresses, markup, combining marks, GREEK
/// VARIA, which compares equal to `` ` ``, digits of other scripts, CJK) each reading agrees with
/// the rule read a character at a time.
@Suite struct CatalogTextScanTests {
    static let pieces = [
        "see ", "https://playa.app/help", "http://x.test", "mailto:help@playa.app", "maya@example.com", "@", "@x",
        ".", "h", "ttp", "mailto", ":", "(", ")", "<", ">", "\"", ",", "’", " ", "\n", "\r\n", "e\u{301}",
        "\u{1FEF}", "例", "招待", "*", "**", "_", "__", "`", "]", "](", "](x)", "*\u{301}", "`\u{301}", "7", "30",
        "٧", "١٢", "１", "۳", "2026", "19", "a", "Playa",
    ]

    static func texts(seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0..<4_000).map { _ in
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
    }

    /// Whether `reading` and `reference` agree on every generated text; how many read something.
    static func agree<Result: Equatable & Collection>(
        seed: UInt64, _ reading: (String) -> Result, _ reference: (String) -> Result
    ) -> Int {
        var found = 0
        for text in texts(seed: seed) {
            let read = reading(text)
            #expect(read == reference(text), "\(text.debugDescription)")
            if !read.isEmpty { found += 1 }
        }
        return found
    }

    @Test func addressesReadAsTheWordRuleDoes() {
        let found = Self.agree(seed: 41, URLMismatchRule.addresses(in:), URLMismatchRule.addressesByWord(in:))
        #expect(found > 400 && found < 3_600, "\(found) of 4,000 hold an address")
    }

    @Test func markupIsCountedAsTheCharacterRuleCounts() {
        let found = Self.agree(seed: 42, MarkupMismatchRule.markup(in:), MarkupMismatchRule.markupByCharacter(in:))
        #expect(found > 400 && found < 3_600, "\(found) of 4,000 hold markup")
        // GREEK VARIA is a code span's delimiter to a character comparison, so it is counted.
        #expect(MarkupMismatchRule.markup(in: "x\u{1FEF}y") == ["code": 1])
    }

    @Test func numbersAreReadAsTheScalarRuleReads() {
        let found = Self.agree(seed: 43, SourceOnlyRule.numbers(in:), Self.numbers)
        #expect(found > 400 && found < 3_600, "\(found) of 4,000 hold a number")
    }

    /// `SourceOnlyRule.numbers(in:)` with every scalar's properties looked up.
    private static func numbers(_ text: String) -> [String] {
        var result: [String] = []
        var run = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                run += String(Int(value))
            } else {
                if !run.isEmpty, !result.contains(run) { result.append(run) }
                run = ""
            }
        }
        if !run.isEmpty, !result.contains(run) { result.append(run) }
        return result
    }
}
