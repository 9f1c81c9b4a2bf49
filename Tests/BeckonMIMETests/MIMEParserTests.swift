import BeckonMIME
import Foundation
import Testing

@Suite struct MIMEParserTests {
    static let valid = [
        "From: SelfFull <invites@selffull.app>", "To: =?UTF-8?Q?J=C3=BCrgen?= <j@example.com>",
        "Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=", "Date: Sun, 01 Mar 2026 09:30:00 +0000", "Message-ID: <1@example.com>",
        "MIME-Version: 1.0", "Content-Type: multipart/alternative;", " boundary=\"b1\"", "", "preamble", "--b1",
        "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "",
        "Gr=C3=BC=C3=9Fe", "--b1", "Content-Type: text/html; charset=\"UTF-8\"", "Content-Transfer-Encoding: base64",
        "", "PHA+SGk8L3A+", "--b1--", "epilogue",
    ]

    static func bytes(_ lines: [String]) -> Data { Data(lines.map { $0 + "\r\n" }.joined().utf8) }

    static func replacing(_ old: String, with new: String) -> Data {
        bytes(valid.map { $0 == old ? new : $0 })
    }

    @Test func readsAFoldedHandWrittenMessage() throws {
        let parsed = try MIMEParser().parse(Self.bytes(Self.valid))
        #expect(parsed.subject == "Grüße")
        #expect(parsed.to == Mailbox(address: "j@example.com", displayName: "Jürgen"))
        #expect(parsed.boundary == "b1")
        #expect(parsed.value(of: "content-type") == "multipart/alternative; boundary=\"b1\"")
        #expect(parsed.parts.map(\.body) == ["Grüße", "<p>Hi</p>"])
        #expect(parsed.parts.map(\.charset) == ["utf-8", "utf-8"])
    }

    static let broken: [(Data, MIMEParseError.Reason, Int)] = [
        (Data(bytes(valid).dropLast(2)), .missingFinalLineBreak, 22),
        (Data(bytes(valid).dropLast()), .bareCarriageReturn, 22),
        (
            Data(String(decoding: bytes(valid), as: UTF8.self).replacingOccurrences(of: "1.0\r\n", with: "1.0\n").utf8),
            .bareLineFeed, 6
        ),
        (replacing("Date: Sun, 01 Mar 2026 09:30:00 +0000", with: "Date: Sun\r, 01 Mar"), .bareCarriageReturn, 4),
        (replacing("preamble", with: String(repeating: "p", count: 999)), .lineTooLong, 10),
        (replacing("preamble", with: "nul\u{0}"), .invalidCharacter, 10),
        (replacing("preamble", with: "Grüße"), .invalidCharacter, 10),
        (replacing("MIME-Version: 1.0", with: "MIME-Version 1.0"), .malformedHeader, 6),
        (replacing("Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=", with: "X-Subject: none"), .missingHeader, 9),
        (replacing("Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=", with: "From: x@example.com"), .duplicateHeader, 9),
        (replacing("MIME-Version: 1.0", with: "MIME-Version: 2.0"), .invalidMIMEVersion, 9),
        (
            replacing("To: =?UTF-8?Q?J=C3=BCrgen?= <j@example.com>", with: "To: Jürgen <j@example>"), .invalidCharacter,
            2
        ),
        (replacing("To: =?UTF-8?Q?J=C3=BCrgen?= <j@example.com>", with: "To: J <j@example>"), .invalidMailbox, 9),
        (replacing("Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=", with: "Subject: =?UTF-8?B?***?="), .invalidEncodedWord, 9),
        (replacing("Content-Type: multipart/alternative;", with: "Content-Type: text/plain;"), .invalidContentType, 9),
        (replacing(" boundary=\"b1\"", with: " charset=utf-8"), .invalidBoundary, 9),
        (replacing(" boundary=\"b1\"", with: " boundary=\"b2\""), .missingDelimiter, 22),
        (replacing("--b1--", with: "--b1-"), .strayBoundary, 21),
        (bytes(valid.filter { $0 != "--b1--" }), .missingCloseDelimiter, 21),
        (
            replacing("Content-Transfer-Encoding: base64", with: "Content-Transfer-Encoding: 8bit"),
            .unknownTransferEncoding, 19
        ),
        (
            replacing("Content-Type: text/html; charset=\"UTF-8\"", with: "Content-Type: text/html; charset=latin1"),
            .unsupportedCharset, 19
        ),
        (replacing("Gr=C3=BC=C3=9Fe", with: "Gr=c3=bc"), .invalidQuotedPrintable, 15),
        (replacing("Gr=C3=BC=C3=9Fe", with: "trailing "), .invalidQuotedPrintable, 15),
        (replacing("PHA+SGk8L3A+", with: "PHA+SGk8L3A"), .invalidBase64, 20),
        (replacing("PHA+SGk8L3A+", with: String(repeating: "AAAA", count: 20)), .invalidBase64, 20),
        (replacing("PHA+SGk8L3A+", with: "/w=="), .invalidUTF8, 20),
    ]

    @Test(arguments: broken)
    func strictChecksNameTheProblemAndLine(data: Data, reason: MIMEParseError.Reason, line: Int) {
        let error = #expect(throws: MIMEParseError.self) { _ = try MIMEParser().parse(data) }
        #expect(error?.reason == reason)
        #expect(error?.line == line)
    }
}
