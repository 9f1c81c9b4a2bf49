import BeckonProvenance
import BeckonRender
import BeckonText

/// Puts a space where an inline element's tag sits between two letters of Chinese, Japanese or
/// Korean text in an email.
///
/// Spam filters read a tag between two letters with no space between them as a word split to hide
/// it from word filters (SpamAssassin's `HTML_OBFUSCATE_*` rules score the share of such tags), and
/// sentences in these languages have no spaces: 「あなたを<strong>Playa</strong>に招待」 scores as
/// obfuscated. Between Chinese or Japanese and a Latin letter or digit the space is an ordinary one,
/// as Japanese and Chinese typesetting puts there anyway (和欧間, pangu spacing); elsewhere (kana
/// against kanji, Hangul) it is a HAIR SPACE (U+200A), the narrowest space there is. The space goes
/// outside the element, so a link's underline does not run under it.
enum InlineTagSpacing {
    /// Elements that do not break the line; a tag of any other element ends a run.
    static let inlineElements: Set<String> = [
        "a", "abbr", "b", "bdi", "cite", "code", "del", "em", "i", "ins", "kbd", "mark", "q", "s", "small", "span",
        "strong", "sub", "sup", "u",
    ]

    /// The names above as lower-case ASCII bytes, matched against a tag's name bytes.
    private static let inlineElementNames = inlineElements.map { Array($0.utf8) }
    private static let longestInlineName = inlineElementNames.map(\.count).max() ?? 0

    static let hairSpace: Unicode.Scalar = "\u{200A}"

    /// The HTML (which may hold origin marks) with spaces at the edges of inline elements that
    /// touch CJK letters. Works on the UTF-8 bytes: tags are ASCII, and no byte of a multi-byte
    /// character is one.
    static func apply(_ html: String) -> String {
        var html = html
        let spaced: String? = html.withUTF8 { input in
            // Every space it puts touches a CJK letter: most emails have none, and are left as they are.
            guard containsCJK(input) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(input.count + 64)
            var index = 0
            while index < input.count {
                guard input[index] == UInt8(ascii: "<") else {
                    // Text up to the next tag, copied at once.
                    let next = input[index...].firstIndex(of: UInt8(ascii: "<")) ?? input.count
                    output += input[index..<next]
                    index = next
                    continue
                }
                guard let run = Self.run(in: input, from: index) else {
                    output.append(input[index])
                    index += 1
                    continue
                }
                guard let before = lastScalar(output), let after = firstScalar(input, from: run.end),
                    let space = spacing(before, after)
                else {
                    output += input[index..<run.end]
                    index = run.end
                    continue
                }
                // Outside the element: before an opening tag, after the closing tags.
                let split = run.closingEnd ?? index
                output += input[index..<split]
                output += String(space).utf8
                output += input[split..<run.end]
                index = run.end
            }
            return String(decoding: output, as: UTF8.self)
        }
        return spaced ?? html
    }

    /// The space to put between `before` and `after` when a tag separates them, if any.
    static func spacing(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Unicode.Scalar? {
        guard isLetter(before), isLetter(after), isCJK(before) || isCJK(after) else { return nil }
        let mixed = (isHanOrKana(before) && isLatin(after)) || (isLatin(before) && isHanOrKana(after))
        return mixed ? " " : hairSpace
    }

    /// Whether the text has a CJK letter.
    static func containsCJK(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { containsCJK($0) }
    }

    /// Whether the text has a CJK letter: all of them take three or four bytes.
    private static func containsCJK(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] >= 0xE0, isCJK(scalar(bytes, at: index)) { return true }
            index += 1
        }
        return false
    }

    /// The scalar whose UTF-8 sequence starts at `index` of valid UTF-8.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Unicode.Scalar {
        UTF8Scalar.decode(bytes, at: index).scalar
    }

    /// The last scalar of `output` that is not part of an origin mark.
    private static func lastScalar(_ output: [UInt8]) -> Unicode.Scalar? {
        output.withUnsafeBufferPointer { bytes in
            var end = bytes.count
            while end > 0 {
                var start = end - 1
                while start > 0, (0x80..<0xC0).contains(bytes[start]) { start -= 1 }
                let found = scalar(bytes, at: start)
                if !OriginMarks.isReserved(found) { return found }
                end = start
            }
            return nil
        }
    }

    /// The first scalar from `index` on that is not part of an origin mark.
    private static func firstScalar(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Unicode.Scalar? {
        var index = index
        while index < bytes.count {
            let (found, length) = UTF8Scalar.decode(bytes, at: index)
            if !OriginMarks.isReserved(found) { return found }
            index += length
        }
        return nil
    }

    /// A run of inline tags (and origin marks) starting at `start`: where it ends, and where its
    /// leading closing tags end when it starts with one.
    private static func run(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, closingEnd: Int?)? {
        var index = start
        var tags = 0
        var closingEnd: Int?
        var onlyClosing = true
        while index < bytes.count {
            if bytes[index] == 0xF4, OriginMarks.isReserved(scalar(bytes, at: index)) {
                index += 4
                continue
            }
            guard bytes[index] == UInt8(ascii: "<"), let tag = tag(in: bytes, at: index) else { break }
            if tag.closing && onlyClosing {
                closingEnd = tag.end
            } else {
                onlyClosing = false
            }
            tags += 1
            index = tag.end
        }
        return tags == 0 ? nil : (index, closingEnd)
    }

    /// The inline element tag at `start` (`<em>`, `</a>`, `<a href="…">`): whether it closes and
    /// the index after its `>`; `nil` for any other markup.
    private static func tag(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (closing: Bool, end: Int)? {
        var index = start + 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < bytes.count, isASCIILetter(bytes[index]) || (0x30...0x39).contains(bytes[index]) {
            index += 1
        }
        let name = bytes[nameStart..<index]
        guard name.count <= longestInlineName,
            inlineElementNames.contains(where: { $0.elementsEqual(name.lazy.map { $0 | 0x20 }) }), index < bytes.count,
            [0x20, 0x3E, 0x0A, 0x09].contains(bytes[index])
        else { return nil }
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return (closing, index)
            }
        }
        return nil
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
    }

    /// Text a spam filter takes for part of a word: not a space and not ASCII punctuation.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if PhraseBreakMarkup.isWhiteSpace(scalar) { return false }
        switch scalar.value {
        case 0x00...0x20, 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7F: return false
        default: return true
        }
    }

    private static func isHanOrKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
            0x2_0000...0x3_FFFF:
            true
        default: false
        }
    }

    /// Chinese, Japanese and Korean letters and punctuation (ideographic full stop, fullwidth forms).
    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3000...0x303F, 0x3130...0x318F, 0xAC00...0xD7AF, 0xFF00...0xFFEF: true
        default: isHanOrKana(scalar)
        }
    }

    /// Latin letters and digits.
    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: true
        default: false
        }
    }
}
