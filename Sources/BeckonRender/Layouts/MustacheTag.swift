/// A tag in a Mustache layout, found by `MustacheTagScanner`.
struct MustacheTag: Hashable {
    enum Kind: Hashable {
        case variable
        case unescaped
        case section
        case inverted
        case close
        case partial
        case parent
        case block
        case comment
        case delimiters
        case pragma
    }

    var kind: Kind
    /// The name inside the tag, trimmed.
    var name: String
    /// UTF-8 offset of the tag's `{{` in the layout.
    var offset: Int
    /// UTF-8 offset just past the tag's closing braces.
    var end: Int
}

/// Finds the tags of a Mustache template without rendering it.
enum MustacheTagScanner {
    static func scan(_ text: String) -> [MustacheTag] {
        var tags: [MustacheTag] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            let start = index
            var cursor = index + 2
            var kind = MustacheTag.Kind.variable
            var closing: [UInt8] = Array("}}".utf8)
            if cursor < bytes.count {
                switch bytes[cursor] {
                case UInt8(ascii: "{"): kind = .unescaped; closing = Array("}}}".utf8); cursor += 1
                case UInt8(ascii: "&"): kind = .unescaped; cursor += 1
                case UInt8(ascii: "#"): kind = .section; cursor += 1
                case UInt8(ascii: "^"): kind = .inverted; cursor += 1
                case UInt8(ascii: "/"): kind = .close; cursor += 1
                case UInt8(ascii: ">"): kind = .partial; cursor += 1
                case UInt8(ascii: "<"): kind = .parent; cursor += 1
                case UInt8(ascii: "$"): kind = .block; cursor += 1
                case UInt8(ascii: "!"): kind = .comment; cursor += 1
                case UInt8(ascii: "="): kind = .delimiters; cursor += 1
                case UInt8(ascii: "%"): kind = .pragma; cursor += 1
                default: break
                }
            }
            guard let end = bytes.firstIndex(ofBytes: closing, from: cursor) else { break }
            let name = String(decoding: bytes[cursor..<end], as: UTF8.self).filter { !$0.isWhitespace }
            tags.append(MustacheTag(kind: kind, name: name, offset: start, end: end + closing.count))
            index = end + closing.count
        }
        return tags
    }
}
