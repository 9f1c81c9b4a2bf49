/// RFC 3986 percent-encoding of text Beckon writes into URLs: every byte of the UTF-8 text except
/// unreserved characters (`A–Z a–z 0–9 - . _ ~`) becomes `%XX` in upper-case hex. Message text in
/// deep links, link parameters and URL components of pages all use it, so any Unicode text
/// survives the round trip.
public enum PercentEncoding {
    /// The text with every byte but the unreserved characters written as `%XX`. The text is read
    /// in its own UTF-8 storage and written into the new string's, a byte at a time without a
    /// generic call (message texts in deep links and share links are hundreds of bytes); ids,
    /// codes and signatures come back as they are.
    public static func encode(_ text: String) -> String {
        var storage = text
        let set = PercentEncodeSet.allButUnreserved
        return storage.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: set.contains) else { return text }
            return String(unsafeUninitializedCapacity: first + (bytes.count - first) * 3) { out in
                var written = 0
                for index in bytes.indices {
                    let byte = bytes[index]
                    guard index >= first, set.contains(byte) else {
                        out[written] = byte
                        written += 1
                        continue
                    }
                    out[written] = .percentSign
                    out[written + 1] = upperHexDigit(byte >> 4)
                    out[written + 2] = upperHexDigit(byte & 0x0F)
                    written += 3
                }
                return written
            }
        }
    }

    /// The text with every byte but the unreserved characters written as `%XX`.
    public static func encode(_ text: some StringProtocol) -> String {
        encode(String(text))
    }

    /// Decodes `%XX` sequences (and, with `plusAsSpace`, `+` as a space, as HTML forms write it);
    /// `nil` when an escape is malformed or the bytes are not UTF-8.
    public static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String? {
        // Text without an escape (or a `+` to read as a space) decodes to itself; it is UTF-8 already.
        if !text.utf8.contains(where: { $0 == .percentSign || ($0 == .plusSign && plusAsSpace) }) {
            return String(text)
        }
        var text = String(text)
        return text.withUTF8 { decode(bytes: $0[...], plusAsSpace: plusAsSpace) }
    }

    /// `decode(_:plusAsSpace:)` of UTF-8 bytes, read where they are (a query's names and values
    /// in the query's own buffer); `nil` when an escape is malformed or the bytes are not UTF-8.
    public static func decode(bytes text: Slice<UnsafeBufferPointer<UInt8>>, plusAsSpace: Bool = false) -> String? {
        guard text.contains(where: { $0 == .percentSign || ($0 == .plusSign && plusAsSpace) }) else {
            return String(validating: text, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case .percentSign:
                guard let high = iterator.next()?.hexDigitValue, let low = iterator.next()?.hexDigitValue else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case .plusSign where plusAsSpace:
                bytes.append(.space)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The ASCII upper-case hex digit for `value` (0 to 15).
    private static func upperHexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x37 + value }

    /// Whether `byte` is an RFC 3986 unreserved character, which is never encoded.
    public static func isUnreserved(_ byte: UInt8) -> Bool { !PercentEncodeSet.allButUnreserved.contains(byte) }
}
