/// Splits text into literal runs and `{{path}}` placeholders.
public enum PlaceholderSplitter {
    public enum Piece: Equatable {
        case literal(String)
        case placeholder(String)
    }

    public static func split(_ text: String) -> [Piece] {
        // Most text holds no placeholder: without a `{` it is one literal, found without Foundation.
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text.isEmpty ? [] : [.literal(text)] }
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
