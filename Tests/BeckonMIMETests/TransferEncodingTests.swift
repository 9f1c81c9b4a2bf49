import BeckonMIME
import Testing

@Suite struct TransferEncodingTests {
    @Test(
        arguments: [
            ("Hi Maya,\r\n\r\nYour coach invited you.\r\n", TransferEncoding.sevenBit),
            ("", .sevenBit),
            ("a=b\r\n", .sevenBit),
            ("Hi Maya, your coach invited you to SelfFull. Tap the link to join — it’s free.\r\n", .quotedPrintable),
            (String(repeating: "x", count: 77), .quotedPrintable),
            ("trailing space \r\nnext", .quotedPrintable),
            ("bare\nline feed", .quotedPrintable),
            ("aaé", .quotedPrintable),
            ("あなたのコーチがセルフフルに招待しました。\r\n今すぐ参加しましょう！\r\n", .base64),
            ("مرحبا مايا، دعاك مدربك للانضمام إلى SelfFull", .base64),
        ])
    func theSmallestEncodingWinsWithTiesToQuotedPrintable(text: String, expected: TransferEncoding) {
        #expect(TransferEncoding.best(for: text) == expected)
    }

    @Test func theChosenEncodingIsWrittenInThePart() throws {
        let japanese = String(repeating: "あなたのコーチがあなたを招待しました。", count: 10)
        let data = try Fixtures.message(text: "Hello Maya, welcome to Grüße", html: japanese).encoded(
            stamp: Fixtures.stamp)
        let parts = try MIMEParser().parse(data).parts
        #expect(parts.map(\.transferEncoding) == [.quotedPrintable, .base64])
        #expect(parts.map(\.mediaType) == ["text/plain", "text/html"])
        #expect(parts.map(\.charset) == ["utf-8", "utf-8"])
        #expect(parts[1].body == japanese)
    }

    @Test(
        arguments: [
            ("a\nb\r\nc\rd\r", "a\r\nb\r\nc\r\nd\r\n"), ("\n\n", "\r\n\r\n"), ("\r\r\n", "\r\n\r\n"), ("none", "none"),
        ])
    func lineEndsCanBeMadeCRLFBeforeEncoding(text: String, crlf: String) {
        #expect(Array(EmailMessage.withCRLFLineEnds(text).utf8) == Array(crlf.utf8))
        #expect(TransferEncoding.best(for: EmailMessage.withCRLFLineEnds(text)) == .sevenBit)
    }
}
