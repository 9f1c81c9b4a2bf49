/// Line ends as SMTP carries them.
enum LineEnds {
    /// `message` with each bare LF made CRLF, and CRLF added at the end when its last line has
    /// none; the same bytes, not copied, when there is nothing to change.
    static func crlf(_ message: [UInt8]) -> [UInt8] {
        let cr = CanonicalText.carriageReturn
        let lf = CanonicalText.lineFeed
        let firstBareLF = message.indices.first { message[$0] == lf && ($0 == 0 || message[$0 - 1] != cr) }
        guard let firstBareLF else { return message.last == lf ? message : message + CanonicalText.crlf }
        var output = Array(message[..<firstBareLF])
        output.reserveCapacity(message.count + message.count / 16 + 2)
        var previous = firstBareLF == 0 ? 0 : message[firstBareLF - 1]
        for byte in message[firstBareLF...] {
            if byte == lf, previous != cr { output.append(cr) }
            output.append(byte)
            previous = byte
        }
        if previous != lf { output += CanonicalText.crlf }
        return output
    }
}
