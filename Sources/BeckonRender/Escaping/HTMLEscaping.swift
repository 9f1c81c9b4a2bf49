/// Escaping for the two HTML contexts Beckon writes values into.
public enum HTMLEscaping {
    /// Escapes text for element content: `&`, `<`, `>`.
    public static func text(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// Escapes text for a double- or single-quoted attribute value: also `"` and `'`.
    public static func attribute(_ value: String) -> String {
        escape(value, quotes: true)
    }

    /// Works on the UTF-8 bytes, in place: every character it replaces is ASCII, and a value with
    /// none of them (most values) is returned as it is, without a copy.
    private static func escape(_ value: String, quotes: Bool) -> String {
        var text = value
        let escaped = text.withUTF8 { bytes -> String? in
            guard let first = bytes.firstIndex(where: { replacement($0, quotes: quotes) != nil }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<first]))
            for byte in UnsafeBufferPointer(rebasing: bytes[first...]) {
                if let replaced = replacement(byte, quotes: quotes) {
                    out.append(contentsOf: replaced)
                } else {
                    out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? value
    }

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quotation = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)
    private static let replacementCharacter = Array("\u{FFFD}".utf8)

    @inline(__always)
    private static func replacement(_ byte: UInt8, quotes: Bool) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "&"): ampersand
        case UInt8(ascii: "<"): lessThan
        case UInt8(ascii: ">"): greaterThan
        case UInt8(ascii: "\"") where quotes: quotation
        case UInt8(ascii: "'") where quotes: apostrophe
        case 0: replacementCharacter
        default: nil
        }
    }
}
