/// Splits a message into lines, strictly at CRLF.
enum MessageLines {
    /// The lines without their CRLF; line `n` (1-based) is element `n - 1`.
    /// - Throws: A bare CR or LF, a missing final CRLF, a line over 998 octets, a NUL or an 8-bit octet.
    static func split(_ bytes: some Collection<UInt8>) throws(MIMEParseError) -> [String] {
        let result =
            bytes.withContiguousStorageIfAvailable(split(buffer:))
            ?? Array(bytes).withUnsafeBufferPointer(split(buffer:))
        return try result.get()
    }

    private static func split(buffer: UnsafeBufferPointer<UInt8>) -> Result<[String], MIMEParseError> {
        var lines: [String] = []
        var start = 0
        var index = 0
        while index < buffer.count {
            let line = lines.count + 1
            switch buffer[index] {
            case 0x0D:
                guard index + 1 < buffer.count, buffer[index + 1] == 0x0A else {
                    return .failure(MIMEParseError(.bareCarriageReturn, line: line))
                }
                guard index - start <= HeaderFolder.maximumLength else {
                    return .failure(MIMEParseError(.lineTooLong, line: line))
                }
                lines.append(String(decoding: buffer[start..<index], as: UTF8.self))
                index += 2
                start = index
            case 0x0A: return .failure(MIMEParseError(.bareLineFeed, line: line))
            case 0x00, 0x80...: return .failure(MIMEParseError(.invalidCharacter, line: line))
            default: index += 1
            }
        }
        guard start == buffer.count else {
            return .failure(MIMEParseError(.missingFinalLineBreak, line: lines.count + 1))
        }
        return .success(lines)
    }
}
