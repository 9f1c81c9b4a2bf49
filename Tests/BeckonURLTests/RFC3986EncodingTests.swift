import BeckonURL
import Testing

/// `PercentEncoding`: the one RFC 3986 table the invite model's links and the rendered pages'
/// URL components share.
@Suite struct RFC3986EncodingTests {
    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// Every byte: the unreserved characters as themselves, the rest as `%XX` in upper-case hex.
    @Test func everyByteButTheUnreservedIsEncoded() {
        for byte in UInt8.min...UInt8.max {
            let hex = String(byte, radix: 16, uppercase: true)
            let expected =
                Self.unreserved.contains(byte) ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + hex
            #expect(PercentEncoding.isUnreserved(byte) == Self.unreserved.contains(byte))
            if byte < 0x80 { #expect(PercentEncoding.encode(String(UnicodeScalar(byte))) == expected) }
        }
    }

    @Test(
        arguments: [
            ("Join Minimo!", "Join%20Minimo%21"), ("a+b=c&d", "a%2Bb%3Dc%26d"), ("Café 🎉", "Caf%C3%A9%20%F0%9F%8E%89"),
            ("~user_1.x-y", "~user_1.x-y"), ("100%", "100%25"), ("", ""),
        ] as [(String, String)])
    func textIsEncodedAsUTF8Bytes(text: String, encoded: String) {
        #expect(PercentEncoding.encode(text) == encoded)
        #expect(PercentEncoding.decode(encoded) == text)
    }

    /// Generated texts are encoded byte by byte as the table says (reserved bytes among
    /// unreserved ones, at the start, the end or nowhere), a `String` and the same text as a
    /// `Substring` alike, and decode back to the text.
    @Test func generatedTextsAreEncodedByteByByte() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", "Z", "0", "-", "~", ".", "_", " ", "%", "+", "/", "é", "e\u{301}", "🇩🇪", "\u{0}", "\u{7F}", "ß",
        ]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let expected = text.utf8.map { byte in
                Self.unreserved.contains(byte)
                    ? String(UnicodeScalar(byte))
                    : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }.joined()
            let encoded = PercentEncoding.encode(text)
            #expect(encoded == expected)
            #expect(PercentEncoding.encode(text[...]) == expected)
            #expect(PercentEncoding.decode(encoded) == text)
        }
    }

    @Test func formsWritePlusForSpace() {
        #expect(PercentEncoding.decode("a+b%2B", plusAsSpace: true) == "a b+")
        #expect(PercentEncoding.decode("a+b%2B") == "a+b+")
    }

    @Test(arguments: ["%", "%4", "%G1", "%C3", "%FF"])
    func malformedEscapesAndNonUTF8AreRefused(text: String) {
        #expect(PercentEncoding.decode(text) == nil)
        var bytes = text
        #expect(bytes.withUTF8 { PercentEncoding.decode(bytes: $0[...]) } == nil)
    }

    /// Decoding a slice of UTF-8 bytes reads every text as decoding the text does: generated
    /// texts of escapes (whole, cut short, not hex, not UTF-8), `+`, ASCII and characters outside it.
    @Test func bytesDecodeAsTheirText() {
        var generator = XorShiftGenerator(seed: 0x5EED_DEC0)
        let pieces = ["%", "%4", "%41", "%e2%82%AC", "%C3", "%zz", "+", "a", "Ü", "€", "=", "&", "%2", "🙂"]
        for _ in 0..<3_000 {
            var text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let expected = PercentEncoding.decode(text)
            let count = text.utf8.count
            let start = Int.random(in: 0...count, using: &generator)
            #expect(text.withUTF8 { PercentEncoding.decode(bytes: $0[...]) } == expected, "\(text)")
            let form = PercentEncoding.decode(text, plusAsSpace: true)
            #expect(text.withUTF8 { PercentEncoding.decode(bytes: $0[...], plusAsSpace: true) } == form, "\(text)")
            // A slice that starts inside the buffer reads as the text of its own bytes, and is
            // refused when it starts inside a character.
            let tail = String(validating: Array(text.utf8)[start...], as: UTF8.self)
            let decodedTail = text.withUTF8 { PercentEncoding.decode(bytes: $0[start...]) }
            #expect(decodedTail == tail.flatMap { PercentEncoding.decode($0) }, "\(text) from byte \(start)")
        }
    }
}
