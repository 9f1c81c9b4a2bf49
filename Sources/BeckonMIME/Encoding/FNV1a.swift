/// The 64-bit FNV-1a hash: small, stable across runs and platforms, and not cryptographic. It
/// derives `Message-ID`s and boundaries that must only differ when the content differs.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Mixes in bytes.
    mutating func combine(_ bytes: some Sequence<UInt8>) {
        // Contiguous bytes (a native string's UTF-8) are read without an iterator.
        if let done: Void = bytes.withContiguousStorageIfAvailable({ combine(buffer: $0) }) { return done }
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }

    private mutating func combine(buffer: UnsafeBufferPointer<UInt8>) {
        var value = self.value
        for byte in buffer {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        self.value = value
    }

    /// Mixes in a string preceded by its length, so that consecutive fields cannot run together.
    mutating func combineField(_ text: String) {
        combine(String(text.utf8.count).utf8)
        combine([0x3A])
        combine(text.utf8)
    }

    /// The hash as 16 lower-case hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
