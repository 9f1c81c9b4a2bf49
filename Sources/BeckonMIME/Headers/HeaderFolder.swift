/// RFC 5322 §2.2.3 folding: a field's value is written as pieces separated by single spaces, and a
/// line that would pass 78 characters breaks before a piece, so unfolding (removing each CRLF)
/// gives the value back exactly.
enum HeaderFolder {
    /// The line length RFC 5322 §2.1.1 asks for where possible.
    static let preferredLength = 78
    /// The line length RFC 5322 §2.1.1 requires.
    static let maximumLength = 998

    /// The lines of the field, without line ends.
    /// - Parameters:
    ///   - name: The field name.
    ///   - pieces: The value's pieces; the value is their join with single spaces. A piece is never
    ///     broken, and the line never breaks before an empty piece (it would leave a blank line).
    static func fold(name: String, pieces: [String]) -> [String] {
        var lines: [String] = []
        var line = name + ":"
        for (offset, piece) in pieces.enumerated() {
            if offset == 0 {
                if !(piece.isEmpty && pieces.count == 1) { line += " " + piece }
            } else if !piece.isEmpty, line.utf8.count + 1 + piece.utf8.count > preferredLength {
                lines.append(line)
                line = " " + piece
            } else {
                line += " " + piece
            }
        }
        lines.append(line)
        return lines
    }

    /// The pieces of a value cut at each space.
    static func pieces(_ value: String) -> [String] {
        value.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    }
}
