import BeckonMIME
import Foundation

/// Messages and stamps shared by the tests.
enum Fixtures {
    /// 2026-03-01 09:30:00 UTC.
    static let date = Date(timeIntervalSince1970: 1_772_357_400)
    static let stamp = MessageStamp.deterministic(date: date, domain: "mail.selffull.app")

    static func message(
        subject: String = "Your coach invited you to SelfFull 🏆",
        text: String = "Hi Maya,\r\n\r\nYour coach invited you.\r\n",
        html: String = "<p>Hi Maya,</p>\r\n<p>Your coach invited you.</p>\r\n",
        fromName: String? = "SelfFull", toName: String? = "Maya Li", extraHeaders: [HeaderField] = []
    ) -> EmailMessage {
        EmailMessage(
            from: Mailbox(address: "invites@selffull.app", displayName: fromName),
            to: Mailbox(address: "maya@example.com", displayName: toName),
            replyTo: Mailbox(address: "coach@example.com", displayName: "Coach Kim"),
            subject: subject, textBody: text, htmlBody: html, extraHeaders: extraHeaders)
    }

    /// The message's lines, without CRLF.
    static func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n").dropLast()
    }
}
