/// Splits a message into lines, strictly at CRLF.
enum MessageLines {
    /// The lines without their CRLF; line `n` (1-based) is element `n - 1`.
    /// - Throws: A bare CR or LF, a missing final CRLF, a line over 998 octets, a NUL or an 8-bit octet.
    static func split(_ bytes: some Collection<UInt8>) throws(MIMEParseError) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        var previous: UInt8?
        for byte in bytes {
            let line = lines.count + 1
            switch byte {
            case 0x0A:
                guard previous == 0x0D else { throw MIMEParseError(.bareLineFeed, line: line) }
                current.removeLast()
                guard current.count <= HeaderFolder.maximumLength else {
                    throw MIMEParseError(.lineTooLong, line: line)
                }
                lines.append(String(decoding: current, as: UTF8.self))
                current = []
            case _ where previous == 0x0D: throw MIMEParseError(.bareCarriageReturn, line: line)
            case 0x00, 0x80...: throw MIMEParseError(.invalidCharacter, line: line)
            default: current.append(byte)
            }
            previous = byte
        }
        guard current.isEmpty else {
            throw MIMEParseError(previous == 0x0D ? .bareCarriageReturn : .missingFinalLineBreak, line: lines.count + 1)
        }
        return lines
    }
}
