import Foundation

/// The attribute values of a page that libxml2 need not read character by character: libxml2
/// parses a copy of the page in which each such value is a three-byte marker, and the tree
/// builder puts the value back, as written, where libxml2 hands it the marker.
///
/// libxml2 reads an attribute value one character at a time, about 120 instructions a byte, and a
/// page's descriptions and links are most of its bytes outside the style sheet. A value is left
/// out only when it is double-quoted (`="…"`) and quiet: printable, with no `&`, `<` or `>`, no
/// line break, and valid UTF-8. On such a value libxml2 reports nothing and keeps every byte, so
/// the marker reads the same (a `<meta>` charset is not read from a value either: the parse is
/// told the page is UTF-8, which libxml2 then keeps). No value is left out of a page that holds
/// the marker itself.
///
/// The scan does not parse tags: it takes every `="` for the start of a value. One that libxml2
/// does not read as a whole attribute value (in text, a comment, a script, a duplicate attribute
/// libxml2 drops) leaves a marker that is never handed back as one, so the builder takes fewer
/// values than the scan left out, and `HTMLDocument` parses the page again as written.
struct ValueElision {
    /// The page as libxml2 reads it.
    let parsedBytes: [UInt8]
    /// The page the values were taken from.
    let bytes: [UInt8]
    /// The values left out, in the order of the page, as ranges of `bytes`.
    let values: [Range<Int>]

    /// What stands in for a value: U+E000, a private-use character.
    static let marker: [UInt8] = [0xEE, 0x80, 0x80]

    /// The shortest value worth leaving out.
    static let minimumLength = 8

    /// The page with its quiet attribute values left out, or `nil` when none can be.
    static func find(in bytes: [UInt8]) -> ValueElision? {
        bytes.withUnsafeBufferPointer { buffer -> ValueElision? in
            // The marker's first byte starts only private-use characters: a page rarely holds one.
            guard let base = buffer.baseAddress, memchr(base, Int32(marker[0]), buffer.count) == nil else {
                return nil
            }
            let values = scan(buffer)
            guard !values.isEmpty else { return nil }
            var parsed: [UInt8] = []
            parsed.reserveCapacity(bytes.count)
            var copied = 0
            // Copied a run at a time (`memcpy`), not a byte at a time.
            for value in values {
                parsed.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<value.lowerBound]))
                parsed.append(contentsOf: marker)
                copied = value.upperBound
            }
            parsed.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied...]))
            return ValueElision(parsedBytes: parsed, bytes: bytes, values: values)
        }
    }

    /// Whether libxml2 handed over a marker as an attribute value (its bytes up to the `NUL`).
    static func isMarker(_ value: UnsafePointer<UInt8>) -> Bool {
        value[0] == marker[0] && value[1] == marker[1] && value[2] == marker[2] && value[3] == 0
    }

    /// The quiet values of every `="…"` outside comments, scripts and style sheets, in order.
    /// Both the quotes and the `<` that may open such text are found with `memchr`.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var values: [Range<Int>] = []
        values.reserveCapacity(64)
        // The next `<` at or after the quote looked at, and where the scan goes on after it.
        var open = ByteScan.next(UInt8(ascii: "<"), in: bytes, from: 0)
        var index = 0
        while let quote = ByteScan.next(UInt8(ascii: "\""), in: bytes, from: index) {
            // Comments, scripts and style sheets before the quote are stepped over.
            var skippedTo: Int?
            while let tag = open, tag < quote {
                let after = afterRawText(bytes, at: tag)
                if after > tag + 1 { skippedTo = after }
                open = ByteScan.next(UInt8(ascii: "<"), in: bytes, from: max(after, tag + 1))
            }
            if let skippedTo, skippedTo > quote {
                index = skippedTo
                continue
            }
            index = quote + 1
            guard quote > 0, bytes[quote - 1] == UInt8(ascii: "="),
                let end = ByteScan.next(UInt8(ascii: "\""), in: bytes, from: quote + 1)
            else { continue }
            let value = (quote + 1)..<end
            if value.count >= minimumLength, isQuiet(UnsafeBufferPointer(rebasing: bytes[value])) {
                values.append(value)
            }
            index = end + 1
        }
        return values
    }

    /// Where the scan goes on after the `<` at `index`: past a comment, or to the end tag of a
    /// script or style sheet, whose text libxml2 reads as it stands (a marker there would be left
    /// in the tree, and the page parsed again); else the next byte.
    private static func afterRawText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        // Most tags start with another letter: those are passed over at their first byte.
        guard index + 1 < bytes.count,
            bytes[index + 1] == UInt8(ascii: "!") || bytes[index + 1] | 0x20 == UInt8(ascii: "s")
        else { return index + 1 }
        if bytes[(index + 1)...].starts(with: commentStart) {
            var from = index + 4
            while let dash = ByteScan.next(UInt8(ascii: "-"), in: bytes, from: from) {
                if bytes[dash...].starts(with: commentEnd) { return dash + 3 }
                from = dash + 1
            }
            return bytes.count
        }
        for name in rawTextNames where ByteScan.startsCaseInsensitive(bytes, at: index + 1, with: name) {
            let afterName = index + 1 + name.count
            guard afterName < bytes.count, !ByteScan.isNameByte(bytes[afterName]) else { continue }
            var from = afterName
            while let open = ByteScan.next(UInt8(ascii: "<"), in: bytes, from: from) {
                if open + 1 < bytes.count, bytes[open + 1] == UInt8(ascii: "/"),
                    ByteScan.startsCaseInsensitive(bytes, at: open + 2, with: name)
                {
                    return open
                }
                from = open + 1
            }
            return bytes.count
        }
        return index + 1
    }

    private static let commentStart = Array("!--".utf8)
    private static let commentEnd = Array("-->".utf8)
    private static let rawTextNames = [Array("script".utf8), Array("style".utf8)]

    /// Whether libxml2 reads `value` without a word and keeps it as written: printable ASCII other
    /// than `&`, `<` and `>`, or UTF-8 of characters from U+00A0 on (not U+FFFE or U+FFFF). Read
    /// eight bytes at a time while they are ASCII: a word with none of the bytes to look for
    /// needs no closer look.
    static func isQuiet(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(value)
        var index = 0
        while index < value.count {
            if index + 8 <= value.count, isQuietASCII(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = value[index]
            if byte < 0x80 {
                switch byte {
                case 0x00..<0x20, 0x7F, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return false
                default: index += 1
                }
                continue
            }
            guard let length = scalarLength(value, at: index) else { return false }
            index += length
        }
        return true
    }

    /// Whether eight bytes are printable ASCII other than `&`, `<` and `>`.
    private static func isQuietASCII(_ word: UInt64) -> Bool {
        word & highs == 0 && !hasByte(below: 0x20, in: word) && !hasByte(0x7F, in: word)
            && !hasByte(UInt8(ascii: "&"), in: word) && !hasByte(UInt8(ascii: "<"), in: word)
            && !hasByte(UInt8(ascii: ">"), in: word)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether a word of ASCII bytes holds `byte`.
    private static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
        let matched = word ^ (UInt64(byte) &* ones)
        return (matched &- ones) & ~matched & highs != 0
    }

    /// Whether a word of ASCII bytes holds a byte below `limit`.
    private static func hasByte(below limit: UInt8, in word: UInt64) -> Bool {
        (word &- UInt64(limit) &* ones) & ~word & highs != 0
    }

    /// The length of the UTF-8 sequence at `index` when it is a character from U+00A0 on, other
    /// than U+FFFE and U+FFFF (shortest form, no surrogate); `nil` otherwise.
    private static func scalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (length, scalar) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, scalar) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, scalar) = (4, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        let shortest: UInt32 = length == 2 ? 0xA0 : length == 3 ? 0x800 : 0x10000
        guard scalar >= shortest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar), scalar != 0xFFFE,
            scalar != 0xFFFF
        else { return nil }
        return length
    }
}
