/// Splits text into literal runs and `{{path}}` placeholders.
public enum PlaceholderSplitter {
    public enum Piece: Equatable, Sendable {
        case literal(String)
        case placeholder(String)
    }

    public static func split(_ text: String) -> [Piece] {
        // Most text holds no placeholder: without a `{` it is one literal.
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text.isEmpty ? [] : [.literal(text)] }
        // A template's texts are split again for every page and email it renders: once is enough.
        return splits.value(for: text) { splitBytes(text) ?? splitCharacters(text) }
    }

    private static let splits = TextMemo<[Piece]>(limit: 10_000)

    /// The pieces, with `{{` and `}}` found in the UTF-8 bytes; `nil` when a brace found that way
    /// is not a whole character (a combining mark joins it), which `splitCharacters` decides.
    private static func splitBytes(_ text: String) -> [Piece]? {
        let utf8 = text.utf8
        func find(_ brace: UInt8, from start: String.Index) -> String.Index? {
            var index = start
            while let first = utf8[index...].firstIndex(of: brace) {
                let second = utf8.index(after: first)
                if second < utf8.endIndex, utf8[second] == brace { return first }
                index = second
            }
            return nil
        }
        var pieces: [Piece] = []
        var index = text.startIndex
        while let open = find(UInt8(ascii: "{"), from: index),
            let close = find(UInt8(ascii: "}"), from: utf8.index(open, offsetBy: 2))
        {
            let afterOpen = utf8.index(open, offsetBy: 2)
            let afterClose = utf8.index(close, offsetBy: 2)
            for boundary in [open, afterOpen, close, afterClose] where boundary.samePosition(in: text) == nil {
                return nil
            }
            if index < open { pieces.append(.literal(String(text[index..<open]))) }
            pieces.append(.placeholder(String(text[afterOpen..<close]).filter { !$0.isWhitespace }))
            index = afterClose
        }
        if index < text.endIndex { pieces.append(.literal(String(text[index...]))) }
        return pieces
    }

    /// The pieces, with `{{` and `}}` found as characters.
    private static func splitCharacters(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var index = text.startIndex
        while let open = text[index...].range(of: "{{"),
            let close = text[open.upperBound...].range(of: "}}")
        {
            if index < open.lowerBound { pieces.append(.literal(String(text[index..<open.lowerBound]))) }
            let path = String(text[open.upperBound..<close.lowerBound]).filter { !$0.isWhitespace }
            pieces.append(.placeholder(path))
            index = close.upperBound
        }
        if index < text.endIndex { pieces.append(.literal(String(text[index...]))) }
        return pieces
    }
}
