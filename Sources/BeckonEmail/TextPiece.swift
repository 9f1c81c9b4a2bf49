/// A piece of an email's plain-text part: text as it stands, or a paragraph that is wrapped when
/// written. A compiled email keeps paragraphs that hold a per-invite value unwrapped, and wraps
/// them once the value is in (the value's length moves the breaks).
enum TextPiece: Sendable, Hashable {
    case text(String)
    /// A paragraph's text, wrapped at `EmailTextWriter.width` with `indent` on each line
    /// (`firstIndent` on the first), then its link lines.
    /// - `collapsesSpaces`: runs of spaces and line feeds become one space when it is written (a
    ///   template paragraph's text; a locale string's is wrapped as it is). The text is kept as it
    ///   was put together, so that a value filled in later collapses with its neighbours exactly as
    ///   when the paragraph is written whole.
    case paragraph(text: String, indent: String, firstIndent: String, links: [String], collapsesSpaces: Bool)

    /// The piece as it appears in the text part.
    var written: String {
        switch self {
        case .text(let text): return text
        case .paragraph(let text, let indent, let firstIndent, let links, let collapsesSpaces):
            let text = collapsesSpaces ? Self.collapsingSpaces(text) : text
            var lines = TextWrapper.wrap(text, width: EmailTextWriter.width, indent: indent)
            if let first = lines.first, firstIndent != indent {
                lines[0] = firstIndent + first.dropFirst(indent.count)
            }
            return (lines + links).joined(separator: "\n")
        }
    }

    /// Text with runs of spaces and line feeds made one space, and none at either end.
    static func collapsingSpaces(_ text: String) -> String {
        guard SpaceBytes.standAlone(text) else {
            return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        }
        // Each space and line feed is a character of its own: the same split, over bytes.
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for word in text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A }) {
            if !output.isEmpty { output.append(0x20) }
            output += word
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Pieces written one after another.
    static func written(_ pieces: [TextPiece]) -> String {
        pieces.map(\.written).joined()
    }

    /// The pieces of each block, with `separator` between blocks.
    static func joined(_ blocks: [[TextPiece]], separator: String) -> [TextPiece] {
        var pieces: [TextPiece] = []
        for (index, block) in blocks.enumerated() {
            if index > 0 { pieces.append(.text(separator)) }
            pieces += block
        }
        return pieces
    }
}
