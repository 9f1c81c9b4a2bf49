/// One step of an LZ77 parse for deflate: a literal byte, or a match copying `length` bytes (3–258)
/// from `distance` bytes back (1–32,768), packed in 32 bits.
struct DeflateToken: Equatable {
    let bits: UInt32

    static let minimumLength = 3
    static let maximumLength = 258
    static let maximumDistance = 32_768

    @inline(__always)
    static func literal(_ byte: UInt8) -> DeflateToken { DeflateToken(bits: UInt32(byte)) }

    @inline(__always)
    static func match(length: Int, distance: Int) -> DeflateToken {
        assert((minimumLength...maximumLength).contains(length), "a match of \(length) bytes")
        assert((1...maximumDistance).contains(distance), "a match \(distance) bytes back")
        return DeflateToken(bits: 1 << 31 | UInt32(length) << 15 | UInt32(distance - 1))
    }

    var isMatch: Bool { bits >> 31 != 0 }
    var literal: UInt8 { UInt8(truncatingIfNeeded: bits) }
    var length: Int { Int(bits >> 15 & 0x1FF) }

    /// The literal/length symbol (0–285) with its extra bits (count, value).
    @inline(__always)
    var lengthSymbol: (symbol: Int, extraCount: Int, extra: UInt32) {
        guard isMatch else { return (Int(literal), 0, 0) }
        let offset = length - Self.minimumLength
        if offset < 8 { return (257 + offset, 0, 0) }
        if offset == 255 { return (285, 0, 0) }
        let log = UInt32.bitWidth - 1 - UInt32(offset).leadingZeroBitCount
        let extraCount = log - 2
        let high = offset >> extraCount & 3
        return (257 + 4 * (log - 1) + high, extraCount, UInt32(offset - (4 | high) << extraCount))
    }

    /// The distance symbol (0–29) with its extra bits (count, value); only for a match.
    @inline(__always)
    var distanceSymbol: (symbol: Int, extraCount: Int, extra: UInt32) {
        let offset = Int(bits & 0x7FFF)
        if offset < 4 { return (offset, 0, 0) }
        let log = UInt32.bitWidth - 1 - UInt32(offset).leadingZeroBitCount
        let extraCount = log - 1
        let high = offset >> extraCount & 1
        return (2 * log + high, extraCount, UInt32(offset - (2 | high) << extraCount))
    }
}
