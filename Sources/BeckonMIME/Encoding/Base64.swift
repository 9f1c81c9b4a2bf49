/// Base64 (RFC 2045 §6.8) with the standard alphabet and padding.
enum Base64 {
    /// Characters per encoded line.
    static let lineLength = 76
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8: UInt8] = Dictionary(
        uniqueKeysWithValues: alphabet.enumerated().map { ($0.element, UInt8($0.offset)) })

    /// The bytes in base64 on one line.
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        for start in stride(from: 0, to: input.count, by: 3) {
            let chunk = input[start..<min(start + 3, input.count)]
            let triple = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for index in 0..<4 {
                output.append(
                    index <= chunk.count ? alphabet[Int(triple >> (18 - 6 * index) & 0x3F)] : UInt8(ascii: "="))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes in base64, in lines of 76 characters (the last may be shorter) without line ends.
    static func encodeLines(_ bytes: some Collection<UInt8>) -> [String] {
        let text = Array(encode(bytes).utf8)
        return stride(from: 0, to: text.count, by: lineLength).map {
            String(decoding: text[$0..<min($0 + lineLength, text.count)], as: UTF8.self)
        }
    }

    /// The bytes of base64 text, or `nil` when it has a character outside the alphabet, a length
    /// that is not a multiple of four, misplaced padding or non-zero padding bits.
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        let input = Array(text)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        for start in stride(from: 0, to: input.count, by: 4) {
            let quad = input[start..<start + 4]
            let padding = quad.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            guard padding <= 2, padding == 0 || start + 4 == input.count else { return nil }
            var triple: UInt32 = 0
            for (offset, character) in quad.prefix(4 - padding).enumerated() {
                guard let value = values[character] else { return nil }
                triple |= UInt32(value) << (18 - 6 * offset)
            }
            let bytes = (0..<3 - padding).map { UInt8(triple >> (16 - 8 * $0) & 0xFF) }
            guard triple & (0xFFFFFF >> (8 * (3 - padding))) == 0 else { return nil }
            output += bytes
        }
        return output
    }
}
