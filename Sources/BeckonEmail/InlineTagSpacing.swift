import BeckonProvenance

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

    static let hairSpace: Unicode.Scalar = "\u{200A}"

    /// The HTML (which may hold origin marks) with spaces at the edges of inline elements that
    /// touch CJK letters.
    static func apply(_ html: String) -> String {
        // Every space it puts touches a CJK letter: most emails have none, and are left as they are.
        guard html.unicodeScalars.contains(where: isCJK) else { return html }
        let scalars = Array(html.unicodeScalars)
        var output = String.UnicodeScalarView()
        output.reserveCapacity(scalars.count + 16)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "<", let run = Self.run(in: scalars, from: index) else {
                output.append(scalars[index])
                index += 1
                continue
            }
            let before = output.reversed().first { !OriginMarks.isReserved($0) }
            let after = scalars[run.end...].first { !OriginMarks.isReserved($0) }
            guard let before, let after, let space = spacing(before, after) else {
                output.append(contentsOf: scalars[index..<run.end])
                index = run.end
                continue
            }
            // Outside the element: before an opening tag, after the closing tags.
            let split = run.closingEnd ?? index
            output.append(contentsOf: scalars[index..<split])
            output.append(space)
            output.append(contentsOf: scalars[split..<run.end])
            index = run.end
        }
        return String(output)
    }

    /// The space to put between `before` and `after` when a tag separates them, if any.
    static func spacing(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Unicode.Scalar? {
        guard isLetter(before), isLetter(after), isCJK(before) || isCJK(after) else { return nil }
        let mixed = (isHanOrKana(before) && isLatin(after)) || (isLatin(before) && isHanOrKana(after))
        return mixed ? " " : hairSpace
    }

    /// A run of inline tags (and origin marks) starting at `start`: where it ends, and where its
    /// leading closing tags end when it starts with one.
    private static func run(in scalars: [Unicode.Scalar], from start: Int) -> (end: Int, closingEnd: Int?)? {
        var index = start
        var tags = 0
        var closingEnd: Int?
        var onlyClosing = true
        while index < scalars.count {
            if OriginMarks.isReserved(scalars[index]) {
                index += 1
                continue
            }
            guard scalars[index] == "<", let tag = tag(in: scalars, at: index) else { break }
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
    private static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (closing: Bool, end: Int)? {
        var index = start + 1
        let closing = index < scalars.count && scalars[index] == "/"
        if closing { index += 1 }
        var name = ""
        while index < scalars.count, isASCIILetter(scalars[index]) || ("0"..."9").contains(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard inlineElements.contains(name.lowercased()), index < scalars.count,
            [" ", ">", "\n", "\t"].contains(scalars[index])
        else { return nil }
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return (closing, index)
            }
        }
        return nil
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// Text a spam filter takes for part of a word: not a space and not ASCII punctuation.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isWhitespace { return false }
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
