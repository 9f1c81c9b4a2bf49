/// Scalars read in place from valid UTF-8, for scans that work on bytes and look at a character
/// only here and there.
public enum UTF8Scalar {
    /// The scalar whose UTF-8 starts at `index`, and how many bytes it takes.
    @inlinable
    public static func decode<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at index: Int
    ) -> (scalar: Unicode.Scalar, length: Int) where Bytes.Index == Int {
        let lead = UInt32(bytes[index])
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard length > 1 else { return (Unicode.Scalar(UInt8(lead)), 1) }
        var value = lead & (0x7F >> UInt32(length))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The scalar whose UTF-8 ends just before `index`.
    @inlinable
    public static func decode<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, endingBefore index: Int
    ) -> Unicode.Scalar where Bytes.Index == Int {
        var start = index - 1
        while start > bytes.startIndex, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return decode(bytes, at: start).scalar
    }
}
