/// A header field written in lines of at most 78 characters, folded (CRLF and a space) only where
/// its grammar allows whitespace.
struct FoldedField {
    /// The longest line, without its CRLF.
    static let lineLimit = 78

    /// The field so far, without a final CRLF.
    private(set) var bytes: [UInt8]
    private var lineLength: Int

    /// A field that starts with `name` and its colon.
    init(name: String) {
        bytes = Array("\(name):".utf8)
        lineLength = bytes.count
    }

    /// Adds `word` after a space, or on a new line when it does not fit on this one.
    mutating func append(word: String) {
        append(unit: word, separator: [CanonicalText.space])
    }

    /// Adds `word` right after what is there, or on a new line when it does not fit on this one.
    mutating func append(joined word: String) {
        append(unit: word, separator: [])
    }

    /// Adds `text` right after what is there, filling each line and going on on the next: for
    /// text that may be folded between any two characters, such as base64 in DKIM tags.
    mutating func append(breakable text: String) {
        var rest = Substring(text)
        while !rest.isEmpty {
            if lineLength >= Self.lineLimit { newLine() }
            let piece = rest.prefix(Self.lineLimit - lineLength)
            bytes += piece.utf8
            lineLength += piece.utf8.count
            rest = rest.dropFirst(piece.count)
        }
    }

    private mutating func append(unit: String, separator: [UInt8]) {
        let length = unit.utf8.count
        if lineLength + separator.count + length > Self.lineLimit, lineLength > 1 {
            newLine()
        } else {
            bytes += separator
            lineLength += separator.count
        }
        bytes += unit.utf8
        lineLength += length
    }

    private mutating func newLine() {
        bytes += CanonicalText.crlf
        bytes.append(CanonicalText.space)
        lineLength = 1
    }
}
