import BeckonSMTP
import Testing

@Suite("What a connection will not send")
struct SMTPConnectionTests {
    /// A relay nothing is sent to: every case here is refused before connecting.
    private static func connection() throws -> SMTPConnection {
        SMTPConnection(relay: try SMTPRelay(url: "smtp://127.0.0.1:9?tls=none"))
    }

    @Test(arguments: [
        ("invites@beckon.test\r\nRSET", ["guest@example.com"]),
        ("invites@beckon.test", ["guest@example.com>\r\nDATA"]),
        ("invites@beckon.test", ["guest@example.com", "other@example.com\n"]),
    ])
    func addressesWithControlCharacters(from: String, recipients: [String]) throws {
        let outcome = try Self.connection().send(from: from, recipients: recipients, message: TestMessage.bytes())
        #expect(
            outcome == .permanent(SMTPReply(code: 501, text: "5.1.3 an address holds a control character; not sent")))
    }

    @Test func noRecipient() throws {
        let outcome = try Self.connection().send(from: "invites@beckon.test", recipients: [], message: [])
        #expect(outcome == .permanent(SMTPReply(code: 501, text: "5.5.2 no recipient; not sent")))
    }

    @Test func plainTextToAnotherMachine() throws {
        var relay = try SMTPRelay(url: "smtp://relay.example.com")
        relay.security = .none
        let outcome = SMTPConnection(relay: relay).send(
            from: "invites@beckon.test", recipients: ["guest@example.com"], message: TestMessage.bytes())
        #expect(
            outcome
                == .unreachable(
                    "plain text is only for a relay on this machine, not relay.example.com: nothing was sent"))
    }
}
