import BeckonTestSupport
import InviteModel
import Testing

@Suite struct InviteCodeTests {
    @Test func generatedCodesCarryAtLeast72Bits() {
        #expect(InviteCodeGenerator.entropyBits >= 72)
        let code = InviteCodeGenerator().next()
        #expect(code.rawValue.count == InviteCode.length)
        #expect(InviteCode(code.rawValue) == code)
    }

    @Test func aMillionCodesNeverCollide() {
        let generator = InviteCodeGenerator()
        var seen = Set<String>()
        seen.reserveCapacity(1_000_000)
        for _ in 0..<1_000_000 { seen.insert(generator.next().rawValue) }
        #expect(seen.count == 1_000_000)
    }

    @Test func symbolsAreDrawnUniformly() {
        var generator = SeededGenerator(seed: 42)
        var counts: [Character: Int] = [:]
        let codes = 20_000
        for _ in 0..<codes {
            for symbol in InviteCodeGenerator().next(using: &generator).rawValue { counts[symbol, default: 0] += 1 }
        }
        let expected = Double(codes * InviteCode.length) / Double(InviteCode.alphabet.count)
        #expect(counts.count == InviteCode.alphabet.count)
        for (_, count) in counts { #expect(abs(Double(count) - expected) < expected * 0.05) }
    }

    @Test func seededGenerationIsReproducible() {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        #expect(InviteCodeGenerator().next(using: &first) == InviteCodeGenerator().next(using: &second))
    }

    @Test(arguments: ["ABCDEF", "7KQ2M9XJ4PW3HNT"])
    func acceptsCodesInTheAlphabet(text: String) {
        #expect(InviteCode(text) != nil)
    }

    @Test(arguments: [
        "ABCDE", "ABC0EF", "ABCIEF", "abcdef", "ABCLEF", "ABCOEF", "ABC-EF", String(repeating: "A", count: 33),
    ])
    func refusesLookAlikesAndOddLengths(text: String) {
        #expect(InviteCode(text) == nil)
    }

    /// Codes are read at their bytes: the same strings are accepted as by their characters,
    /// whatever else they hold (look-alikes, lower case, accents, wide forms, combining marks).
    @Test func readsTheSameCodesAsTheirCharactersSay() {
        let pieces = InviteCode.alphabet.map(String.init) + ["0", "a", "é", "Ａ", "A\u{301}", "🙂", "-", " "]
        var random = SeededGenerator(seed: 11)
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...34, using: &random)
            let pool = Bool.random(using: &random) ? Array(pieces.prefix(InviteCode.alphabet.count)) : pieces
            let text = (0..<length).map { _ in pool.randomElement(using: &random)! }.joined()
            let byCharacters =
                InviteCode.acceptedLengths.contains(text.count) && text.allSatisfy(InviteCode.alphabet.contains)
            #expect((InviteCode(text) != nil) == byCharacters, "\(text)")
        }
    }
}
