/// Invisible marks that carry origins through rendering, and their removal.
///
/// Renderers wrap what they write in marks (`wrap(_:in:)`) and layouts carry a mark at the start
/// of each line (`base(_:)`); templating engines pass them through untouched because they are
/// ordinary characters. `strip(_:)` removes every mark from the finished text and returns the
/// clean bytes with a `ProvenanceMap` of which byte ranges came from where.
///
/// Marks are characters of Unicode's Supplementary Private Use Area-B (plane 16), which a site's
/// text may not contain (`SiteLoader` rejects them). An origin travels inside its mark, encoded
/// two bytes per character, so marks need no shared table and renderers stay free of shared state.
public enum OriginMarks {
    /// Starts a span; followed by the origin's payload and `payloadEnd`.
    static let open: Unicode.Scalar = "\u{10FFF0}"
    /// Ends the payload of an opening or base mark.
    static let payloadEnd: Unicode.Scalar = "\u{10FFF1}"
    /// Ends the innermost open span.
    static let close: Unicode.Scalar = "\u{10FFF2}"
    /// Sets the origin of the unmarked bytes that follow (a layout line); followed by a payload.
    static let base: Unicode.Scalar = "\u{10FFF3}"
    /// The first payload character: bytes `a`, `b` are `U+100000 + a << 8 + b`. Payloads are UTF-8,
    /// where `a` is never 0xFF, so they never reach the marks above; an odd payload ends in a 0.
    static let payloadBase: UInt32 = 0x10_0000

    /// `text` wrapped in a span of `origin`; the text itself when there is no origin.
    public static func wrap(_ text: String, in origin: Origin?) -> String {
        guard let origin, !text.isEmpty else { return text }
        return opening(origin) + text + String(Character(close))
    }

    /// The mark that opens a span of `origin`; `closing` ends it.
    public static func opening(_ origin: Origin) -> String {
        String(Character(open)) + payload(origin) + String(Character(payloadEnd))
    }

    /// The mark that ends the innermost open span.
    public static let closing = String(Character(close))

    /// A mark giving the bytes after it, up to the next base mark, `origin` — unless a span
    /// around them says otherwise.
    public static func base(_ origin: Origin) -> String {
        String(Character(base)) + payload(origin) + String(Character(payloadEnd))
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
        return (stripper.output, ProvenanceMap(origins: stripper.origins, spans: stripper.spans))
    }

    /// The origin's bytes as payload characters, written straight as their UTF-8: the character
    /// for bytes `a`, `b` is U+10ABCD with `ABCD` = `a << 8 | b`, four bytes `F4 8x xx xx`.
    private static func payload(_ origin: Origin) -> String {
        let bytes = OriginCoding.encode(origin)
        let characters = (bytes.count + 1) / 2
        return String(unsafeUninitializedCapacity: characters * 4) { buffer in
            for character in 0..<characters {
                let high = UInt32(bytes[character * 2])
                let low = character * 2 + 1 < bytes.count ? UInt32(bytes[character * 2 + 1]) : 0
                let value = payloadBase + (high << 8 | low)
                buffer[character * 4] = 0xF0 | UInt8(value >> 18)
                buffer[character * 4 + 1] = 0x80 | UInt8(value >> 12 & 0x3F)
                buffer[character * 4 + 2] = 0x80 | UInt8(value >> 6 & 0x3F)
                buffer[character * 4 + 3] = 0x80 | UInt8(value & 0x3F)
            }
            return characters * 4
        }
    }
}
