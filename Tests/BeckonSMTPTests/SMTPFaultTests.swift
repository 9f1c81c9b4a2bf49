import BeckonSMTP
import BeckonTestSupport
import Foundation
import Testing

@Suite(
    "A relay's refusals and failures", .enabled(if: TestTool.aiosmtpd.isAvailable, "aiosmtpd (PyPI) plays the relay"))
struct SMTPFaultTests {
    private static func send(_ connection: SMTPConnection) -> SMTPOutcome {
        connection.send(from: "invites@beckon.test", recipients: ["guest@example.com"], message: TestMessage.bytes())
    }

    @Test func aRecipientRefusedIsPermanentWithoutItsAddress() throws {
        let relay = try ScriptedRelay(script: [["at": "rcpt", "reply": "550 5.1.1 <guest@example.com> User unknown"]])
        let outcome = Self.send(try relay.connection())
        #expect(outcome == .permanent(SMTPReply(code: 550, text: "5.1.1 <recipient> User unknown")))
        #expect(relay.messages.isEmpty)
    }

    @Test func aTemporaryRefusalAtDataIsTransient() throws {
        let relay = try ScriptedRelay(script: [["at": "data", "reply": "451 4.3.0 try later"]])
        let connection = try relay.connection()
        #expect(Self.send(connection) == .transient(SMTPReply(code: 451, text: "4.3.0 try later")))
        #expect(Self.send(connection) == .accepted(SMTPReply(code: 250, text: "OK")))
        #expect(relay.messages == [2])
    }

    @Test(arguments: [("mail", "MAIL FROM"), ("rcpt", "RCPT TO"), ("data", "DATA")])
    func aDroppedConnectionIsUnreachableAndTheNextMessageGoesOnANewOne(at: String, command: String) throws {
        let relay = try ScriptedRelay(script: [["at": at, "action": "drop"]])
        let connection = try relay.connection()
        #expect(Self.send(connection) == .unreachable("the relay closed the connection during \(command)"))
        #expect(Self.send(connection) == .accepted(SMTPReply(code: 250, text: "OK")))
        #expect(relay.messages == [2])
        #expect(relay.connections == 2)
    }

    @Test func aStalledRelayTimesOut() throws {
        let relay = try ScriptedRelay(script: [["at": "data", "action": "stall"]])
        let connection = try relay.connection(timeout: 5)
        var started = Date()
        #expect(Self.send(connection) == .unreachable("no reply to DATA within 5 s"))
        #expect(Date().timeIntervalSince(started) < 15)
        // The stalled connection is dropped without a QUIT that would wait on it again (another
        // 5 s): the next send takes well under that, however loaded the machine.
        started = Date()
        #expect(Self.send(connection) == .accepted(SMTPReply(code: 250, text: "OK")))
        #expect(Date().timeIntervalSince(started) < 4)
        #expect(relay.connections == 2)
    }

    @Test func nothingListeningIsUnreachable() throws {
        let relay = try ScriptedRelay()
        relay.stop()
        let outcome = Self.send(try relay.connection())
        #expect(outcome == .unreachable("could not connect to 127.0.0.1:\(relay.port)"))
    }

    @Test func aRelayDownAndBackIsUnreachableThenTakesMessagesAgain() throws {
        let relay = try ScriptedRelay()
        let connection = try relay.connection()
        #expect(Self.send(connection) == .accepted(SMTPReply(code: 250, text: "OK")))
        relay.set(up: false)
        #expect(Self.send(connection) == .unreachable("could not connect to 127.0.0.1:\(relay.port)"))
        relay.set(up: true)
        #expect(Self.send(connection) == .accepted(SMTPReply(code: 250, text: "OK")))
        #expect(relay.messages == [1, 2])
    }
}
