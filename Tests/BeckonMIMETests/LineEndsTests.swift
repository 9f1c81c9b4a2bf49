import Foundation
import Testing

@testable import BeckonMIME

/// A message whose bodies break lines with LF, CR or CRLF (`lineEnds: .any`) carries the same parts
/// as one whose bodies were converted to CRLF first.
@Suite struct LineEndsTests {
    @Test(arguments: [
        ("Hi Maya,\n\nYour coach invited you.\n", "<p>Hi Maya,</p>\n<p>Your coach invited you.</p>\n"),
        ("a\rb\r\nc\n\rd", "é\nü\r\n"), ("", ""), ("日本語のテキスト\n" + String(repeating: "長い行", count: 60), "x\r"),
    ])
    func anyLineEndsEncodeAsTheirCRLFForm(text: String, html: String) throws {
        var message = Fixtures.message(text: text, html: html)
        message.lineEnds = .any
        let converted = Fixtures.message(
            text: EmailMessage.withCRLFLineEnds(text), html: EmailMessage.withCRLFLineEnds(html))
        let parts = try MIMEParser().parse(message.encoded(stamp: Fixtures.stamp)).parts
        let expected = try MIMEParser().parse(converted.encoded(stamp: Fixtures.stamp)).parts
        #expect(parts.map(\.body) == expected.map(\.body))
        #expect(parts.map(\.transferEncoding) == expected.map(\.transferEncoding))
    }
}
