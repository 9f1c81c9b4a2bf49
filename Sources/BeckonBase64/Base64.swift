/// Base64 with the standard alphabet and padding (RFC 4648 §4, and RFC 2045 §6.8 in lines of 76
/// for MIME bodies): the one implementation the provenance map's JSON and email messages share.
public enum Base64 {
    /// Characters per line of a MIME body.
    public static let lineLength = 76

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    /// Each byte's value in the alphabet, or 0xFF for a byte outside it.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
        return table
    }()
    private static let pad = UInt8(ascii: "=")

    /// The bytes in base64 on one line.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index < input.count {
            let a = input[index]
            let b = index + 1 < input.count ? input[index + 1] : 0
            let c = index + 2 < input.count ? input[index + 2] : 0
            output.append(alphabet[Int(a >> 2)])
            output.append(alphabet[Int((a & 0x03) << 4 | b >> 4)])
            output.append(index + 1 < input.count ? alphabet[Int((b & 0x0F) << 2 | c >> 6)] : pad)
            output.append(index + 2 < input.count ? alphabet[Int(c & 0x3F)] : pad)
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes in base64, in lines of 76 characters (the last may be shorter) without line ends.
    public static func encodeLines(_ bytes: some Collection<UInt8>) -> [String] {
        let text = Array(encode(bytes).utf8)
        return stride(from: 0, to: text.count, by: lineLength).map {
            String(decoding: text[$0..<min($0 + lineLength, text.count)], as: UTF8.self)
        }
    }

    /// The bytes of base64 text, or `nil` when it has a character outside the alphabet, a length
    /// that is not a multiple of four, misplaced padding or non-zero padding bits (so every byte
    /// string has exactly one spelling).
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        let input = Array(text)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var start = 0
        while start < input.count {
            let isLast = start + 4 == input.count
            let padding = !isLast ? 0 : input[start + 3] != pad ? 0 : input[start + 2] != pad ? 1 : 2
            var quad: UInt32 = 0
            for offset in 0..<4 {
                let value = offset < 4 - padding ? values[Int(input[start + offset])] : 0
                guard value != 0xFF else { return nil }
                quad = quad << 6 | UInt32(value)
            }
            // Padding bits are zero: `Zh==` is not another spelling of `Zg==`.
            guard quad & ((1 << (8 * padding)) - 1) == 0 else { return nil }
            output.append(UInt8(quad >> 16 & 0xFF))
            if padding < 2 { output.append(UInt8(quad >> 8 & 0xFF)) }
            if padding < 1 { output.append(UInt8(quad & 0xFF)) }
            start += 4
        }
        return output
    }

    /// The bytes of base64 text (see `decode(_:)` on bytes).
    public static func decode(_ text: String) -> [UInt8]? { decode(text.utf8) }
}
