/// Messages the tests send.
enum TestMessage {
    /// An RFC 5322 message with CRLF line ends whose body holds the lines SMTP treats specially: a
    /// lone dot, lines starting with dots, and 8-bit text.
    static func bytes(subject: String = "Your invitation") -> [UInt8] {
        let lines = [
            "From: Beckon <invites@beckon.test>", "To: <guest@example.com>", "Subject: \(subject)",
            "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "",
            "Dear guest,", ".", ".. two dots", ".one dot", "Grüße — see you there.", "",
        ]
        return Array(lines.joined(separator: "\r\n").utf8)
    }
}
