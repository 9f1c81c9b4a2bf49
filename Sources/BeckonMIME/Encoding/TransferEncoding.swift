import BeckonBase64

/// A part's `Content-Transfer-Encoding`.
public enum TransferEncoding: String, Hashable, Sendable, Codable, CaseIterable {
    /// The text as it is: only chosen for printable ASCII whose lines are CRLF-terminated, at
    /// most 76 characters and do not end in a space or tab, where it is never longer than
    /// quoted-printable and reads the same.
    case sevenBit = "7bit"
    /// Quoted-printable (RFC 2045 §6.7).
    case quotedPrintable = "quoted-printable"
    /// Base64 (RFC 2045 §6.8) in lines of 76.
    case base64

    /// The encoding that writes the text in the fewest bytes: `7bit` when the text allows it,
    /// otherwise quoted-printable or base64, quoted-printable on a tie.
    /// - Parameter text: A part's body.
    public static func best(for text: String) -> TransferEncoding { encode(text).encoding }

    /// The best encoding with the text in it, its lines joined by CRLF, encoding the text only
    /// once: base64's size follows from the byte count, so only quoted-printable has to be written
    /// to be measured.
    static func encode(_ text: String) -> (encoding: TransferEncoding, body: [UInt8]) {
        var text = text
        return text.withUTF8 { encode(bytes: $0) }
    }

    /// `encode(_:)` for the UTF-8 of a text.
    static func encode(bytes: UnsafeBufferPointer<UInt8>) -> (encoding: TransferEncoding, body: [UInt8]) {
        // Seven-bit text is written as it is: its lines already end in CRLF.
        if isSevenBitClean(bytes) { return (.sevenBit, Array(bytes)) }
        let base64Characters = 4 * ((bytes.count + 2) / 3)
        let base64Lines = max(1, (base64Characters + Base64.lineLength - 1) / Base64.lineLength)
        let base64Size = base64Characters + 2 * (base64Lines - 1)
        // Text mostly outside ASCII (Japanese, Arabic) is longer in quoted-printable before any
        // soft break is counted: it is not written to be measured.
        if QuotedPrintable.minimumSize(bytes) <= base64Size {
            let quoted = QuotedPrintable.encode(bytes)
            if quoted.count <= base64Size { return (.quotedPrintable, quoted) }
        }
        return (.base64, Array(Base64.encodeLines(bytes).joined(separator: "\r\n").utf8))
    }

    /// Whether every line ends in CRLF (but the last, which has no line end), holds only printable
    /// ASCII, spaces and tabs, has at most 76 characters and does not end in a space or tab.
    private static func isSevenBitClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lineStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            if (0x20...0x7E).contains(byte) || byte == 0x09 { continue }
            // Anything else must be the CR of a CRLF ending a line that is not too long and does not
            // end in a space or tab.
            guard byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A,
                isCleanLineEnd(bytes, lineStart..<index)
            else {
                if byte == 0x0A && index > 0 && bytes[index - 1] == 0x0D { continue }
                return false
            }
            lineStart = index + 2
        }
        return isCleanLineEnd(bytes, lineStart..<bytes.count)
    }

    private static func isCleanLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        guard line.count <= QuotedPrintable.maximumLineLength else { return false }
        guard let last = line.last else { return true }
        return bytes[last] != 0x20 && bytes[last] != 0x09
    }
}
