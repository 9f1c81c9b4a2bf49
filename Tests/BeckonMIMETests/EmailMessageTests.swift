import Foundation
import Testing

@testable import BeckonMIME

@Suite struct EmailMessageTests {
    @Test func writesTheHeadersAndTwoAlternativePartsWithCRLFEverywhere() throws {
        let message = Fixtures.message(
            subject: "Your invite",
            extraHeaders: [HeaderField("Auto-Submitted", "auto-generated"), HeaderField("X-Entity-Ref-ID", "inv-42")])
        let data = try message.encoded(stamp: Fixtures.stamp)
        let lines = Fixtures.lines(data)
        let boundary = try MIMEParser().parse(data).boundary
        let id = try MIMEParser().parse(data).messageID
        #expect(
            Array(lines.prefix(11)) == [
                "From: SelfFull <invites@selffull.app>", "To: Maya Li <maya@example.com>",
                "Reply-To: Coach Kim <coach@example.com>", "Subject: Your invite",
                "Date: Sun, 01 Mar 2026 09:30:00 +0000",
                "Message-ID: <\(id)>", "Auto-Submitted: auto-generated", "X-Entity-Ref-ID: inv-42", "MIME-Version: 1.0",
                "Content-Type: multipart/alternative; boundary=\"\(boundary)\"", "",
            ])
        #expect(lines[11] == "--\(boundary)")
        #expect(lines.last == "--\(boundary)--")
        #expect(data.last == 0x0A)
        for (offset, byte) in data.enumerated() where byte == 0x0A {
            #expect(offset > 0 && data[offset - 1] == 0x0D)
        }
        #expect(lines.allSatisfy { $0.utf8.count <= 78 })
    }

    @Test func aMessageWithoutReplyToOrNamesHasBareAddresses() throws {
        var message = Fixtures.message(fromName: nil, toName: "")
        message.replyTo = nil
        let data = try message.encoded(stamp: Fixtures.stamp)
        let lines = Fixtures.lines(data)
        #expect(lines.contains("From: invites@selffull.app"))
        #expect(lines.contains("To: maya@example.com"))
        #expect(!lines.contains { $0.hasPrefix("Reply-To:") })
        let parsed = try MIMEParser().parse(data)
        #expect(parsed.to == Mailbox(address: "maya@example.com"))
        #expect(parsed.replyTo == nil)
    }

    @Test(
        arguments: [
            (0.0, "Thu, 01 Jan 1970 00:00:00 +0000"),
            (1_709_251_199.9, "Thu, 29 Feb 2024 23:59:59 +0000"),
            (-86_400.0, "Wed, 31 Dec 1969 00:00:00 +0000"),
            (4_102_444_800.0, "Fri, 01 Jan 2100 00:00:00 +0000"),
        ])
    func datesAreRFC5322InUTC(seconds: Double, written: String) {
        #expect(RFC5322Date.format(Date(timeIntervalSince1970: seconds)) == written)
    }

    @Test func deterministicStampsGiveTheSameBytesAndIdsThatFollowTheContent() throws {
        let message = Fixtures.message()
        let first = try message.encoded(stamp: Fixtures.stamp)
        #expect(try message.encoded(stamp: Fixtures.stamp) == first)

        var changed = message
        changed.textBody += "."
        let id = try MIMEParser().parse(first).messageID
        #expect(id.hasSuffix("@mail.selffull.app"))
        #expect(try MIMEParser().parse(try changed.encoded(stamp: Fixtures.stamp)).messageID != id)
        let later = MessageStamp.deterministic(date: Fixtures.date.addingTimeInterval(1), domain: "mail.selffull.app")
        #expect(try MIMEParser().parse(try message.encoded(stamp: later)).messageID != id)
    }

    @Test func liveStampsUseTheGivenDateAndId() throws {
        let stamp = MessageStamp.live(date: Date(timeIntervalSince1970: 0), messageID: "3F2A.91@mail.selffull.app")
        let data = try Fixtures.message().encoded(stamp: stamp)
        let parsed = try MIMEParser().parse(data)
        #expect(parsed.messageID == "3F2A.91@mail.selffull.app")
        #expect(parsed.value(of: "date") == "Thu, 01 Jan 1970 00:00:00 +0000")
    }

    @Test func theBoundaryAvoidsTextThatContainsIt() {
        let seed = MessageHash()
        let first = MessagePart.boundary(seed: seed, avoiding: [])
        let part = MessagePart(mediaType: "text/plain", body: "--\(first)\r\n")
        #expect(part.transferEncoding == .sevenBit)
        let boundary = MessagePart.boundary(seed: seed, avoiding: [part])
        #expect(boundary != first)
        #expect(!String(decoding: part.body, as: UTF8.self).contains(boundary))
    }

    @Test func aBodyThatQuotesTheBoundaryStillParses() throws {
        let probe = try MIMEParser().parse(try Fixtures.message().encoded(stamp: Fixtures.stamp)).boundary
        let text = "--\(probe)\r\n--\(probe)--\r\n"
        let data = try Fixtures.message(text: text).encoded(stamp: Fixtures.stamp)
        #expect(try MIMEParser().parse(data).parts.first?.body == text)
    }

    @Test func longExtraHeadersFoldAndUnfoldExactly() throws {
        let value = (1...30).map { "token\($0)" }.joined(separator: " ")
        let data = try Fixtures.message(extraHeaders: [HeaderField("X-Tags", value)]).encoded(stamp: Fixtures.stamp)
        #expect(Fixtures.lines(data).allSatisfy { $0.utf8.count <= 78 })
        #expect(try MIMEParser().parse(data).value(of: "X-Tags") == value)
    }

    @Test(arguments: [
        ("maya@example.com", true), ("maya.li+invite@sub.example.co.uk", true), ("m@xn--mnchen-3ya.de", true),
        ("maya", false), ("maya@@example.com", false), ("ma ya@example.com", false), ("<maya@example.com>", false),
        ("maya@example", false), ("maya@-example.com", false), ("maya@example.123", false),
        (".maya@example.com", false),
        ("maya@münchen.de", false), ("\"maya\"@example.com", false), ("a@b@example.com", false),
    ])
    func addressesAreAPlainAddrSpec(address: String, isValid: Bool) {
        var message = Fixtures.message()
        message.to.address = address
        if isValid {
            #expect(throws: Never.self) { _ = try message.encoded(stamp: Fixtures.stamp) }
        } else {
            #expect(throws: EmailError(field: "To", problem: .invalidAddress)) {
                _ = try message.encoded(stamp: Fixtures.stamp)
            }
        }
    }
}
