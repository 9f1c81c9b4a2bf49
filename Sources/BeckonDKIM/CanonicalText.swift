/// The output of a relaxed canonicalization, written a byte at a time: text, each run of spaces
/// and tabs as one space when text follows it on the same line, and (for a body) line ends, the
/// empty lines written only once a line with text follows them. A line ends at LF, with or without
/// a CR before it; a CR before anything else is text.
struct CanonicalText {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let carriageReturn: UInt8 = 0x0D
    static let lineFeed: UInt8 = 0x0A
    static let crlf: [UInt8] = [carriageReturn, lineFeed]

    /// Whether line ends are folds, removed along with the spaces and tabs before the first text
    /// (a header field's value), rather than the ends of lines kept (a body).
    private let unfolds: Bool
    private var bytes: [UInt8]
    private var lineHasText = false
    private var emptyLines = 0
    private var pendingSpace = false
    private var pendingCR = false

    /// An output that starts with `prefix`, with room for `capacity` bytes.
    init(unfolds: Bool, prefix: [UInt8] = [], capacity: Int) {
        self.unfolds = unfolds
        bytes = prefix
        bytes.reserveCapacity(capacity)
    }

    /// Takes the next input byte.
    mutating func append(_ byte: UInt8) {
        if pendingCR {
            pendingCR = false
            if byte == Self.lineFeed { return endLine() }
            writeText(Self.carriageReturn)
        }
        switch byte {
        case Self.lineFeed: endLine()
        case Self.carriageReturn: pendingCR = true
        case Self.space, Self.tab: pendingSpace = lineHasText || !unfolds
        default: writeText(byte)
        }
    }

    /// The output once the input has ended: a CR still waiting is text, and the last line of a
    /// body that has text ends with CRLF even when the input's did not.
    mutating func finish() -> [UInt8] {
        if pendingCR {
            pendingCR = false
            writeText(Self.carriageReturn)
        }
        if lineHasText, !unfolds { bytes += Self.crlf }
        return bytes
    }

    private mutating func endLine() {
        guard !unfolds else { return }
        if lineHasText { bytes += Self.crlf } else { emptyLines += 1 }
        lineHasText = false
        pendingSpace = false
    }

    private mutating func writeText(_ byte: UInt8) {
        if !lineHasText {
            for _ in 0..<emptyLines { bytes += Self.crlf }
            emptyLines = 0
            lineHasText = true
        }
        if pendingSpace { bytes.append(Self.space) }
        pendingSpace = false
        bytes.append(byte)
    }
}
