/// Invisible marks that carry origins through rendering, and their removal.
///
/// Renderers wrap what they write in marks (`wrap(_:in:)`) and layouts carry a mark at the start
/// of each line (`base(_:)`); templating engines pass them through untouched because they are
/// ordinary characters. `strip(_:)` removes every mark from the finished text and returns the
/// clean bytes with a `ProvenanceMap` of which byte ranges came from where.
///
/// Marks are characters of Unicode's Supplementary Private Use Area-B (plane 16), which a site's
/// text may not contain (`SiteLoader` rejects them). A mark carries its origin's number in the
/// process's `OriginTable`, twelve bits per character: a mark is three to five characters whatever
/// the origin (its opening, one to three for the number, its end), and reading one back needs no
/// decoding. Marked text therefore means something only
/// in the process that marked it; what outlives a render is the stripped bytes and their map.
public enum OriginMarks {
    /// Starts a span; followed by the origin's payload and `payloadEnd`.
    static let open: Unicode.Scalar = "\u{10FFF0}"
    /// Ends the payload of an opening or base mark.
    static let payloadEnd: Unicode.Scalar = "\u{10FFF1}"
    /// Ends the innermost open span.
    static let close: Unicode.Scalar = "\u{10FFF2}"
    /// Sets the origin of the unmarked bytes that follow (a layout line); followed by a payload.
    static let base: Unicode.Scalar = "\u{10FFF3}"
    /// The first payload character: twelve bits `n` of an origin's number are `U+100000 + n`, most
    /// significant first, so payload characters never reach the marks above.
    static let payloadBase: UInt32 = 0x10_0000
    /// The bits of an origin's number one payload character carries.
    static let payloadBits: UInt32 = 12

    /// `text` wrapped in a span of `origin`; the text itself when there is no origin.
    ///
    /// Made as one string of its exact size: every page wraps dozens of values, and joining the
    /// marks and the text piece by piece allocated each piece.
    public static func wrap(_ text: String, in origin: Origin?) -> String {
        guard let origin, !text.isEmpty else { return text }
        var text = text
        let number = OriginTable.shared.number(of: origin)
        let characters = payloadCharacters(number)
        return text.withUTF8 { body in
            String(unsafeUninitializedCapacity: (characters + 3) * 4 + body.count) { buffer in
                var at = writeMark(open, payload: number, characters: characters, into: buffer)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(fromContentsOf: body)
                at += body.count
                write(close.value, into: buffer, at: at)
                return at + 4
            }
        }
    }

    /// The mark that opens a span of `origin`; `closing` ends it.
    public static func opening(_ origin: Origin) -> String {
        mark(open, origin)
    }

    /// The mark that ends the innermost open span.
    public static let closing = String(Character(close))

    /// A mark giving the bytes after it, up to the next base mark, `origin` — unless a span
    /// around them says otherwise.
    public static func base(_ origin: Origin) -> String {
        mark(base, origin)
    }

    /// Whether a scalar belongs to the range marks use, which site text may not contain.
    public static func isReserved(_ scalar: Unicode.Scalar) -> Bool {
        (0x10_0000...0x10_FFFD).contains(scalar.value)
    }

    /// The text with every mark removed.
    public static func removing(from text: String) -> String {
        guard text.utf8.contains(0xF4) else { return text }
        return String(decoding: strip(text).bytes, as: UTF8.self)
    }

    /// Removes every mark, returning the clean UTF-8 bytes and where each range of them came from.
    public static func strip(_ text: String) -> (bytes: [UInt8], provenance: ProvenanceMap) {
        var stripper = MarkStripper()
        var text = text
        text.withUTF8 { stripper.run($0) }
        return (stripper.output, ProvenanceMap(originNumbers: stripper.numbers, spans: stripper.spans))
    }

    /// A mark that starts with `scalar` and names `origin`: the scalar, the payload and its end.
    private static func mark(_ scalar: Unicode.Scalar, _ origin: Origin) -> String {
        let number = OriginTable.shared.number(of: origin)
        let characters = payloadCharacters(number)
        return String(unsafeUninitializedCapacity: (characters + 2) * 4) { buffer in
            writeMark(scalar, payload: number, characters: characters, into: buffer)
        }
    }

    /// How many payload characters carry `number`: one for each twelve bits, at least one.
    private static func payloadCharacters(_ number: UInt32) -> Int {
        var characters = 1
        while number >> (payloadBits * UInt32(characters)) != 0 { characters += 1 }
        return characters
    }

    /// Writes `scalar`, then `number` as `characters` payload characters, then the payload's end,
    /// at the start of `buffer`; returns how many bytes it wrote. The character for twelve bits `n`
    /// is U+100000 + n, four bytes `F4 8x xx xx`, written straight as UTF-8.
    @discardableResult
    private static func writeMark(
        _ scalar: Unicode.Scalar, payload number: UInt32, characters: Int,
        into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        write(scalar.value, into: buffer, at: 0)
        for character in 0..<characters {
            let shift = payloadBits * UInt32(characters - 1 - character)
            write(payloadBase + (number >> shift & (1 << payloadBits - 1)), into: buffer, at: 4 + character * 4)
        }
        write(payloadEnd.value, into: buffer, at: 4 + characters * 4)
        return (characters + 2) * 4
    }

    /// Writes a plane-16 scalar's four UTF-8 bytes at `index`.
    private static func write(_ value: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        buffer[index] = 0xF0 | UInt8(value >> 18)
        buffer[index + 1] = 0x80 | UInt8(value >> 12 & 0x3F)
        buffer[index + 2] = 0x80 | UInt8(value >> 6 & 0x3F)
        buffer[index + 3] = 0x80 | UInt8(value & 0x3F)
    }
}
