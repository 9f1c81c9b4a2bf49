import PropertyBased
import Testing

@testable import BeckonDKIM

/// Properties of the relaxed canonicalizations over generated text that is rich in the bytes
/// they treat specially: spaces, tabs, CR, LF and CRLF.
@Suite struct CanonicalizationPropertyTests {
    static let piece = Gen<[UInt8]?>.element(of: [
        Array("a".utf8), Array("Zz9".utf8), Array("=".utf8), Array("ü".utf8), [0x20], [0x20, 0x20], [0x09],
        [0x0D, 0x0A], [0x0D, 0x0A], [0x0A], [0x0D], [0x00], [0xFF],
    ]).map { $0! }
    static let anyBody = piece.array(of: 0...60).map { $0.flatMap { $0 } }
    /// What may follow the last line without changing the body: empty lines, and lines of
    /// spaces and tabs.
    static let trailing = Gen<[UInt8]?>.element(of: [[0x0D, 0x0A], [0x20], [0x09], [0x20, 0x0D, 0x0A]])
        .map { $0! }.array(of: 0...8).map { $0.flatMap { $0 } }
    static let word = Gen<String?>.element(of: ["Hello", "=?UTF-8?Q?Gr=C3=BC=C3=9Fe?=", "<a@b.example>", "ü", ";"])
        .map { $0! }
    /// Whitespace that may separate two words of a header value: runs of spaces and tabs, folded
    /// or not.
    static let gap = Gen<String?>.element(of: [" ", "  ", "\t", " \t ", "\r\n ", "\r\n\t", " \r\n  ", "\r\n \r\n "])
        .map { $0! }

    @Test func relaxedBodyCanonicalizationIsIdempotent() async {
        await propertyCheck(input: Self.anyBody) { body in
            let once = RelaxedCanonicalization.body(body)
            #expect(RelaxedCanonicalization.body(once) == once)
        }
    }

    @Test func trailingEmptyLinesAndWhitespaceNeverChangeTheBody() async {
        await propertyCheck(input: Self.anyBody, Self.trailing) { body, trailing in
            #expect(RelaxedCanonicalization.body(body + trailing) == RelaxedCanonicalization.body(body))
        }
    }

    @Test func aCanonicalBodyIsEmptyOrCRLFLinesWithoutTrailingWhitespace() async {
        await propertyCheck(input: Self.anyBody) { body in
            let text = String(decoding: RelaxedCanonicalization.body(body), as: UTF8.self)
            #expect(text.isEmpty || text.hasSuffix("\r\n") && !text.hasSuffix("\r\n\r\n"))
            #expect(!text.contains(" \r\n") && !text.contains("\t") && !text.contains("  "))
        }
    }

    @Test func foldingNeverChangesTheRelaxedHeaderForm() async {
        await propertyCheck(input: Self.word.array(of: 1...12), Self.gap.array(of: 13), Self.gap, Self.gap) {
            words, gaps, leading, trailing in
            var folded = "Subject:" + leading
            for (index, word) in words.enumerated() { folded += (index == 0 ? "" : gaps[index]) + word }
            let plain = "subject:" + words.joined(separator: " ")
            let relaxed = RelaxedCanonicalization.header(Array((folded + trailing).utf8))
            #expect(String(decoding: relaxed, as: UTF8.self) == plain)
        }
    }
}
