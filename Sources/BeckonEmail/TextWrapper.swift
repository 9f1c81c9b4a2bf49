import BeckonRender

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
        return wrapCharacters(text, available: available, indent: indent)
    }

    /// `wrap` by characters, for any text.
    static func wrapCharacters(_ text: String, available: Int, indent: String) -> [String] {
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
        func place(_ piece: Substring, width pieceWidth: Int, spaceBefore: Bool) {
            let separator = line.isEmpty || !spaceBefore ? 0 : 1
            if !line.isEmpty, lineWidth + separator + pieceWidth > available {
                flush()
                line = String(piece)
                lineWidth = pieceWidth
            } else {
                if separator == 1 { line += " " }
                line += piece
                lineWidth += separator + pieceWidth
            }
        }
        for word in words {
            // A word that fits on a line is one piece (see `pieces`).
            let wordWidth = columns(word)
            if wordWidth <= available {
                place(word, width: wordWidth, spaceBefore: true)
                continue
            }
            for piece in pieces(of: String(word), width: available) {
                place(Substring(piece.text), width: columns(piece.text), spaceBefore: piece.spaceBefore)
            }
        }
        if !line.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// `wrap` for text whose every scalar is a narrow character of its own (see `narrowColumns`):
    /// its words are split at space bytes, never broken, and take a column for each scalar.
    static func wrapNarrow(_ text: String, available: Int, indent: String) -> [String] {
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
        word.utf8.firstIndex(ofBytes: Array("://".utf8)) != nil
    }

    /// Display columns: two for an East Asian wide character, one for any other character (a
    /// `Character` already carries its combining marks).
    static func columns(_ text: some StringProtocol) -> Int {
        narrowColumns(text.utf8) ?? text.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    /// The columns of text whose every scalar is a narrow character of its own, counted from its
    /// bytes, one a scalar; `nil` for any other text. Such scalars are printable ones below U+0300
    /// (nothing there combines, and only CR and LF join each other), the letters, digits and
    /// punctuation of the Greek, Cyrillic, Hebrew and Arabic alphabets (without their combining
    /// marks), and the bidi marks and isolates (controls, which join nothing).
    static func narrowColumns(_ bytes: some Collection<UInt8>) -> Int? {
        if let counted = bytes.withContiguousStorageIfAvailable(narrowColumns(buffer:)) { return counted }
        return Array(bytes).withUnsafeBufferPointer(narrowColumns(buffer:))
    }

    private static func narrowColumns(buffer bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            switch lead {
            case 0x20...0x7E, 0xC2...0xCB:
                count += 1
                index += lead < 0x80 ? 1 : 2
            case 0xCC...0xDF:
                guard index + 1 < bytes.count else { return nil }
                let value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                guard isNarrowAlphabet(value) else { return nil }
                count += 1
                index += 2
            case 0xE2:
                // U+200E, U+200F (E2 80 8E–8F) and U+2066–U+2069 (E2 81 A6–A9).
                guard index + 2 < bytes.count,
                    (bytes[index + 1] == 0x80 && (0x8E...0x8F).contains(bytes[index + 2]))
                        || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2]))
                else { return nil }
                count += 1
                index += 3
            default: return nil
            }
        }
        return count
    }

    /// Greek, Cyrillic, Hebrew and Arabic scalars that are characters of their own and narrow.
    private static func isNarrowAlphabet(_ value: UInt32) -> Bool {
        switch value {
        case 0x370...0x3FF, 0x400...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x5EF...0x5F4, 0x60C, 0x61B, 0x61F,
            0x621...0x64A, 0x660...0x66D:
            true
        default: false
        }
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
