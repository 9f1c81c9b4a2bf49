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

    @Test func addressesReadAsTheWordRuleDoes() {
        var found = 0
        for text in Self.texts(seed: 41) {
            let read = URLMismatchRule.addresses(in: text)
            #expect(read == Self.addresses(text), "\(text.debugDescription)")
            if !read.isEmpty { found += 1 }
        }
        #expect(found > 400 && found < 3_600, "\(found) of 4,000 hold an address")
    }

    @Test func markupIsCountedAsTheCharacterRuleCounts() {
        var found = 0
        for text in Self.texts(seed: 42) {
            let counted = MarkupMismatchRule.markup(in: text)
            #expect(counted == Self.markup(text), "\(text.debugDescription)")
            if !counted.isEmpty { found += 1 }
        }
        #expect(found > 400 && found < 3_600, "\(found) of 4,000 hold markup")
        // GREEK VARIA is a code span's delimiter to a character comparison, so it is counted.
        #expect(MarkupMismatchRule.markup(in: "x\u{1FEF}y") == ["code": 1])
    }

    @Test func numbersAreReadAsTheScalarRuleReads() {
        var found = 0
        for text in Self.texts(seed: 43) {
            let numbers = SourceOnlyRule.numbers(in: text)
            #expect(numbers == Self.numbers(text), "\(text.debugDescription)")
            if !numbers.isEmpty { found += 1 }
        }
        #expect(found > 400 && found < 3_600, "\(found) of 4,000 hold a number")
    }

    /// `URLMismatchRule.addresses(in:)` as a split into words of characters.
    private static func addresses(_ text: String) -> Set<String> {
        var found = Set<String>()
        for word in text.split(whereSeparator: { $0.isWhitespace || "()<>\"".contains($0) }) {
            var candidate = String(word)
            while let last = candidate.last, ".,;:!?'".contains(last) { candidate.removeLast() }
            if candidate.hasPrefix("https://") || candidate.hasPrefix("http://") || candidate.hasPrefix("mailto:") {
                found.insert(candidate)
            } else if let at = candidate.firstIndex(of: "@"), at != candidate.startIndex,
                candidate[candidate.index(after: at)...].contains(".")
            {
                found.insert(candidate)
            }
        }
        return found
    }

    /// `MarkupMismatchRule.markup(in:)` as a walk over every character.
    private static func markup(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var characters = Array(text)[...]
        while let character = characters.first {
            if characters.starts(with: ["*", "*"]) || characters.starts(with: ["_", "_"]) {
                counts["bold", default: 0] += 1
                characters = characters.dropFirst(2)
            } else if characters.starts(with: ["]", "("]) {
                counts["link", default: 0] += 1
                characters = characters.dropFirst(2)
            } else if character == "*" || character == "`" {
                counts[character == "*" ? "emphasis" : "code", default: 0] += 1
                characters = characters.dropFirst()
            } else {
                characters = characters.dropFirst()
            }
        }
        return counts
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
