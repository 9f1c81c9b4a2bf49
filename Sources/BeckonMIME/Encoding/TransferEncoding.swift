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

    /// The best encoding with the text's lines in it, encoding the text only once: base64's size
    /// follows from the byte count, so only quoted-printable has to be written to be measured.
    static func encode(_ text: String) -> (encoding: TransferEncoding, lines: [String]) {
        if isSevenBitClean(text) { return (.sevenBit, sevenBit.encodeLines(text)) }
        let quoted = QuotedPrintable.encodeLines(text)
        let count = text.utf8.count
        let base64Characters = 4 * ((count + 2) / 3)
        let base64Lines = max(1, (base64Characters + Base64.lineLength - 1) / Base64.lineLength)
        if encodedSize(quoted) <= base64Characters + 2 * (base64Lines - 1) { return (.quotedPrintable, quoted) }
        return (.base64, Base64.encodeLines(Array(text.utf8)))
    }

    /// The text's lines in this encoding, without line ends.
    func encodeLines(_ text: String) -> [String] {
        switch self {
        case .sevenBit: crlfLines(text).map { String(decoding: $0, as: UTF8.self) }
        case .quotedPrintable: QuotedPrintable.encodeLines(text)
        case .base64: Base64.encodeLines(Array(text.utf8))
        }
    }

    private static func encodedSize(_ lines: [String]) -> Int {
        lines.reduce(0) { $0 + $1.utf8.count } + 2 * max(lines.count - 1, 0)
    }

    private static func isSevenBitClean(_ text: String) -> Bool {
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (offset, line) in lines.enumerated() {
            let isLast = offset == lines.count - 1
            let content = isLast ? line : line.dropLast()
            guard isLast || line.last == 0x0D, content.count <= QuotedPrintable.maximumLineLength,
                content.last != 0x20, content.last != 0x09,
                content.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0x09 })
            else { return false }
        }
        return true
    }

    /// The lines of text whose line breaks are all CRLF, without line ends.
    private func crlfLines(_ text: String) -> [Substring.UTF8View] {
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? $0.dropLast() : $0 }
    }
}
