/// Tests on eight bytes at once (SWAR: bit tricks on a 64-bit word), for the encoders' loops over
/// mostly plain ASCII text: a word that passes is copied whole instead of byte by byte.
enum ByteWords {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset`, first byte lowest.
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(
            littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether a byte of `word` is zero.
    @inline(__always)
    static func hasZero(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highs != 0
    }

    /// Whether a byte of `word` equals `byte`.
    @inline(__always)
    static func has(_ word: UInt64, _ byte: UInt8) -> Bool {
        hasZero(word ^ (ones &* UInt64(byte)))
    }

    /// Whether a byte of `word` is below `limit` (at most 128), for a word of ASCII bytes.
    @inline(__always)
    static func hasLess(_ word: UInt64, than limit: UInt8) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highs != 0
    }

    /// How many bytes of `word` are 0x80 or above.
    @inline(__always)
    static func highCount(_ word: UInt64) -> Int {
        (word & highs).nonzeroBitCount
    }

    /// Whether every byte of `word` is printable ASCII other than `=` (0x21–0x7E but 0x3D), or a
    /// space when `spaces` allows: what quoted-printable writes as it is (a space only when it does
    /// not end the line).
    @inline(__always)
    static func isQuotedPrintableLiteral(_ word: UInt64, spaces: Bool) -> Bool {
        word & highs == 0 && !hasLess(word, than: spaces ? 0x20 : 0x21) && !has(word, 0x7F) && !has(word, 0x3D)
    }
}
