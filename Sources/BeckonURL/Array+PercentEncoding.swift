/// Percent-encoding and -decoding of UTF-8 bytes, as the URL Standard defines them.
extension Array where Element == UInt8 {
    /// Appends `byte`, written as `%XX` (upper-case hex) when `set` contains it.
    mutating func appendPercentEncoded(_ byte: UInt8, using set: PercentEncodeSet) {
        guard set.contains(byte) else {
            append(byte)
            return
        }
        append(.percentSign)
        append(Self.upperHexDigit(byte >> 4))
        append(Self.upperHexDigit(byte & 0x0F))
    }

    /// Appends every byte of `bytes`, percent-encoding those in `set`.
    mutating func appendPercentEncoded(contentsOf bytes: some Sequence<UInt8>, using set: PercentEncodeSet) {
        for byte in bytes { appendPercentEncoded(byte, using: set) }
    }

    /// The ASCII upper-case hex digit for `value` (0 to 15).
    private static func upperHexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x37 + value }

    /// The bytes with every `%` followed by two hex digits replaced by the byte they name; any other `%` is kept.
    func percentDecoded() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var index = startIndex
        while index < endIndex {
            let byte = self[index]
            if byte == .percentSign, index + 2 < endIndex, let high = self[index + 1].hexDigitValue,
                let low = self[index + 2].hexDigitValue
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }
}
