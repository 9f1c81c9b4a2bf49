/// What one transfer's SMTP dialogue showed, read from libcurl's debug callback: the relay's last
/// reply line before QUIT, and the last command libcurl sent. A command's arguments (addresses,
/// credentials) and the message are never kept.
final class SessionLog {
    /// The last reply line (of a multi-line reply, its last line), as the relay wrote it.
    private(set) var reply: SMTPReply?
    /// The last command sent other than QUIT, or `nil` when none was sent in this transfer.
    private(set) var step: SMTPStep?
    /// Whether QUIT was the last command, whose reply says nothing about the message.
    private var quitting = false
    private var line: [UInt8] = []

    /// The longest reply line kept; the rest of a longer line is dropped.
    private static let longestLine = 512

    /// Forgets the previous transfer.
    func start() {
        reply = nil
        step = nil
        quitting = false
        line.removeAll(keepingCapacity: true)
    }

    /// Bytes the relay sent as replies (libcurl hands them over a line at a time). Replies to QUIT
    /// (which libcurl sends after a failure, or to a connection it closes) are left out.
    func received(_ bytes: UnsafeRawBufferPointer) {
        guard !quitting else { return }
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                finishLine()
            } else if line.count < Self.longestLine {
                line.append(byte)
            }
        }
    }

    /// A command line libcurl sent.
    func sent(_ bytes: UnsafeRawBufferPointer) {
        guard let command = SMTPStep(commandLine: bytes) else { return }
        quitting = command == .quit
        if !quitting { step = command }
    }

    private func finishLine() {
        defer { line.removeAll(keepingCapacity: true) }
        let digits = line.prefix(3)
        guard digits.count == 3, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return
        }
        let code = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        // Control characters (the line's CR among them) become spaces, trimmed at either end.
        var text = line.dropFirst(4).map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: " ") : $0 }[...]
        while text.last == UInt8(ascii: " ") { text.removeLast() }
        while text.first == UInt8(ascii: " ") { text.removeFirst() }
        reply = SMTPReply(code: code, text: String(decoding: text, as: UTF8.self))
    }
}
