import Testing

@testable import BeckonRender

/// The phrase breaker's own `White_Space` test agrees with Unicode's property on every scalar.
@Suite struct PhraseBreakWhiteSpaceTests {
    @Test func agreesWithTheUnicodePropertyOnEveryScalar() {
        let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init)
        let disagreeing = scalars.filter { PhraseBreakMarkup.isWhiteSpace($0) != $0.properties.isWhitespace }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5).map { String($0.value, radix: 16) })")
    }
}
