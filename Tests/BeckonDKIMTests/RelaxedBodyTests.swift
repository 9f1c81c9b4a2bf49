import Testing

@testable import BeckonDKIM

/// Relaxed body canonicalization (RFC 6376 §3.4.4) of hand-made bodies.
@Suite struct RelaxedBodyTests {
    @Test(
        arguments: [
            ("", ""),
            ("\r\n", ""),
            ("\r\n\r\n\r\n", ""),
            (" \t \r\n\t\r\n", ""),
            ("Hello\r\n", "Hello\r\n"),
            ("Hello", "Hello\r\n"),
            ("Hello  \t \r\n", "Hello\r\n"),
            ("Hello \t World\r\n", "Hello World\r\n"),
            ("  Indented\r\n", " Indented\r\n"),
            ("\tTabbed\r\n", " Tabbed\r\n"),
            ("Hello\r\n\r\n\r\n", "Hello\r\n"),
            ("Hello\r\n \r\n\t\r\n", "Hello\r\n"),
            ("One\r\n\r\n\r\nTwo\r\n\r\n", "One\r\n\r\n\r\nTwo\r\n"),
            ("One\r\n  \r\nTwo\r\n", "One\r\n\r\nTwo\r\n"),
            ("\r\n\r\nStarts low\r\n", "\r\n\r\nStarts low\r\n"),
            ("Bare LF\nends lines\n\n", "Bare LF\r\nends lines\r\n"),
            ("Bare\rCR stays\r\n", "Bare\rCR stays\r\n"),
            ("Ends with CR\r", "Ends with CR\r\r\n"),
            ("=C3=BC=\r\nsoft break \r\n", "=C3=BC=\r\nsoft break\r\n"),
        ])
    func canonicalizes(body: String, canonical: String) {
        #expect(Self.relaxed(body) == canonical)
    }

    /// The example of RFC 6376 §3.4.5.
    @Test func matchesTheRFCExample() {
        #expect(Self.relaxed(" C \r\nD \t E\r\n\r\n\r\n") == " C\r\nD E\r\n")
    }

    /// A body without text is empty under relaxed canonicalization, not one CRLF as under simple.
    @Test func aBodyWithoutTextIsEmpty() {
        #expect(RelaxedCanonicalization.body([UInt8]()).isEmpty)
        #expect(RelaxedCanonicalization.body(Array("\r\n \r\n\r\n".utf8)).isEmpty)
    }

    static func relaxed(_ body: String) -> String {
        String(decoding: RelaxedCanonicalization.body(Array(body.utf8)), as: UTF8.self)
    }
}
