/// Wraps plain text to a width in columns, for the plain-text part of an email.
///
/// Lines break at spaces; a URL (or any word longer than the width) is never broken and stands on
/// a line of its own when it does not fit. Text without spaces in a wide script (Japanese,
/// Chinese) may break between characters, but never before closing punctuation such as `。` or
/// `」`. East Asian wide characters count as two columns.
enum TextWrapper {
    /// Characters a line may not start with (a minimal kinsoku rule).
    static let noLineStart: Set<Character> = [
        "。", "、", "，", "．", "」", "』", "）", "！", "？", "ー", "・", "：", "；", ")", "!", "?", ",", ".",
    ]

    /// Whether a character is in `noLineStart`: each of them is one scalar with no other canonical
    /// form, so a character is one of them when it is that scalar alone.
    static func isNoLineStart(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
            return false
        }
        return noLineStartScalars.contains(first)
    }

    private static let noLineStartScalars = Set(noLineStart.map { $0.unicodeScalars.first! })

    /// The text's lines, each at most `width` columns unless a single unbreakable word is longer.
    static func wrap(_ text: String, width: Int = 76, indent: String = "") -> [String] {
        let available = width - columns(indent)
        // Text of narrow characters that never combine is wrapped from its bytes.
        if narrowColumns(text.utf8) != nil { return wrapNarrow(text, available: available, indent: indent) }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        func flush() {
            lines.append(indent + line)
            line = ""
            lineWidth = 0
        }
        // Split at space bytes where each space is a character of its own, else by characters.
        let words: [Substring] =
            SpaceBytes.standAlone(text)
            ? text.utf8.split(separator: 0x20).map { Substring($0) }
            : text.split(separator: " ", omittingEmptySubsequences: true)
        for word in words {
            for piece in pieces(of: String(word), width: available) {
                let pieceWidth = columns(piece.text)
                let separator = line.isEmpty || !piece.spaceBefore ? "" : " "
                if !line.isEmpty, lineWidth + separator.count + pieceWidth > available {
                    flush()
                    line = piece.text
                    lineWidth = pieceWidth
                } else {
                    line += separator + piece.text
                    lineWidth += separator.count + pieceWidth
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// `wrap` for text whose scalars are all below U+0300 and none a C0 control or DEL: its words are
    /// split at space bytes, never broken, and take a column for each scalar.
    private static func wrapNarrow(_ text: String, available: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = []
        var lineWidth = 0
        for word in text.utf8.split(separator: 0x20) {
            let width = word.reduce(0) { $0 + ((0x80..<0xC0).contains($1) ? 0 : 1) }
            if !line.isEmpty, lineWidth + 1 + width > available {
                lines.append(indent + String(decoding: line, as: UTF8.self))
                line = Array(word)
                lineWidth = width
            } else {
                if !line.isEmpty {
                    line.append(0x20)
                    lineWidth += 1
                }
                line += word
                lineWidth += width
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(indent + String(decoding: line, as: UTF8.self)) }
        return lines
    }

    /// A word as pieces that may be placed on different lines: the whole word, unless it is wider
    /// than the line and written in a wide script, in which case it breaks between characters.
    private static func pieces(of word: String, width: Int) -> [(text: String, spaceBefore: Bool)] {
        guard columns(word) > width, !containsSchemeSeparator(word), word.contains(where: isWide) else {
            return [(word, true)]
        }
        var pieces: [(text: String, spaceBefore: Bool)] = []
        var current = ""
        var previousIsWide = false
        for character in word {
            let wide = isWide(character)
            if !current.isEmpty, wide || previousIsWide, !isNoLineStart(character) {
                pieces.append((current, pieces.isEmpty))
                current = ""
            }
            current.append(character)
            previousIsWide = wide
        }
        if !current.isEmpty { pieces.append((current, pieces.isEmpty)) }
        return pieces
    }

    /// Whether a word holds `://`, as a URL does (read from its bytes).
    private static func containsSchemeSeparator(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        return bytes.count >= 3
            && (0...(bytes.count - 3)).contains { index in
                bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
                    && bytes[index + 2] == UInt8(ascii: "/")
            }
    }

    /// Display columns: two for an East Asian wide character, one for any other character (a
    /// `Character` already carries its combining marks).
    static func columns(_ text: String) -> Int {
        narrowColumns(text.utf8) ?? text.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    /// The columns of text whose scalars are all below U+0300 and none a C0 control or DEL, counted
    /// from its bytes: each such scalar is a character of its own (nothing below U+0300 combines,
    /// and only CR and LF join each other) and narrow. `nil` for any other text.
    private static func narrowColumns(_ bytes: String.UTF8View) -> Int? {
        var count = 0
        for byte in bytes {
            switch byte {
            case 0x20...0x7E, 0xC2...0xCB: count += 1
            case 0x80...0xBF: continue
            default: return nil
            }
        }
        return count
    }

    static func isWide(_ character: Character) -> Bool {
        character.unicodeScalars.first?.isEastAsianWide ?? false
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is an East Asian wide or full-width character (CJK, kana, Hangul, wide
    /// emoji), which takes two columns in a fixed-width font.
    var isEastAsianWide: Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
