import Testing

@testable import BeckonDKIM

/// Relaxed header canonicalization (RFC 6376 §3.4.2) of hand-made fields.
@Suite struct RelaxedHeaderTests {
    @Test(
        arguments: [
            ("Subject: Hello", "subject:Hello"),
            ("SUBJECT:Hello", "subject:Hello"),
            ("Subject:   Hello   World  ", "subject:Hello World"),
            ("Subject:\tHello\t\tWorld\t", "subject:Hello World"),
            ("Subject : Hello", "subject:Hello"),
            ("Subject\t:\tHello", "subject:Hello"),
            ("Subject: A long\r\n subject", "subject:A long subject"),
            ("Subject: A long\r\n\tsubject\r\n  folded twice", "subject:A long subject folded twice"),
            ("Subject: trailing fold \r\n ", "subject:trailing fold"),
            ("Subject:\r\n starts on the next line", "subject:starts on the next line"),
            ("Subject:", "subject:"),
            ("Subject:   ", "subject:"),
            ("X-Mixed-Case: KeepsCase Of Value", "x-mixed-case:KeepsCase Of Value"),
            ("Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=", "subject:=?UTF-8?Q?Gr=C3=BC=C3=9Fe?="),
            ("Subject: a\rb", "subject:a\rb"),
        ])
    func canonicalizes(field: String, canonical: String) {
        #expect(Self.relaxed(field) == canonical)
    }

    /// The example of RFC 6376 §3.4.5.
    @Test func matchesTheRFCExample() {
        #expect(Self.relaxed("A: X") == "a:X")
        #expect(Self.relaxed("B : Y\t\r\n\tZ  ") == "b:Y Z")
    }

    /// Bytes outside ASCII are kept as they are; only A–Z in the name are lowercased.
    @Test func keepsNonASCIIBytes() {
        #expect(Self.relaxed("Subject: Grüße  Ünd") == "subject:Grüße Ünd")
    }

    static func relaxed(_ field: String) -> String {
        String(decoding: RelaxedCanonicalization.header(Array(field.utf8)), as: UTF8.self)
    }
}
