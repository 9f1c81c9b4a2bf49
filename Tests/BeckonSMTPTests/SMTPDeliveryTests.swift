import BeckonSMTP
import BeckonTestSupport
import Foundation
import Testing

@Suite("Delivery to a scripted relay", .enabled(if: TestTool.aiosmtpd.isAvailable, "aiosmtpd (PyPI) plays the relay"))
struct SMTPDeliveryTests {
    @Test func deliversTheMessageByteForByte() throws {
        let relay = try ScriptedRelay()
        let message = TestMessage.bytes()
        let outcome = try relay.connection().send(
            from: "invites@beckon.test", recipients: ["guest@example.com"], message: message)
        #expect(outcome == .accepted(SMTPReply(code: 250, text: "OK")))
        #expect(relay.messages == [1])
        #expect(relay.message(1) == message)
        #expect(relay.envelope(1)["from"] as? String == "invites@beckon.test")
        #expect(relay.envelope(1)["to"] as? [String] == ["guest@example.com"])
    }

    @Test func sendsTenMessagesOverOneConnection() throws {
        let relay = try ScriptedRelay()
        let connection = try relay.connection()
        for number in 1...10 {
            // The recipients change every other message: the list is made again then, and only then.
            let recipients = ["guest\(number / 2)@example.com"] + (number.isMultiple(of: 4) ? ["also@example.com"] : [])
            let outcome = connection.send(
                from: "invites@beckon.test", recipients: recipients, message: TestMessage.bytes(subject: "\(number)"))
            #expect(outcome == .accepted(SMTPReply(code: 250, text: "OK")))
            #expect(relay.envelope(number)["to"] as? [String] == recipients)
        }
        #expect(relay.messages == Array(1...10))
        #expect(relay.message(7) == TestMessage.bytes(subject: "7"))
        #expect(relay.connections == 1)
    }

    @Test func threeWorkersDeliverSideBySide() throws {
        let relay = try ScriptedRelay()
        let url = "smtp://127.0.0.1:\(relay.port)?tls=none"
        let accepted = Tally()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            guard let smtp = try? SMTPRelay(url: url) else { return }
            let connection = SMTPConnection(relay: smtp)
            for number in 0..<20 {
                let outcome = connection.send(
                    from: "invites@beckon.test", recipients: ["guest\(worker)-\(number)@example.com"],
                    message: TestMessage.bytes())
                if case .accepted = outcome { accepted.add() }
            }
        }
        #expect(accepted.value == 60)
        #expect(relay.messages.count == 60)
        #expect(relay.connections == 3)
    }
}
