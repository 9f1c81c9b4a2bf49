import Foundation

/// A text compared and hashed by its UTF-8 bytes, its hash worked out once: a key for texts
/// that are equal when their bytes are (`String` compares by canonical equivalence, which
/// normalizes a non-ASCII text each time it is hashed).
public struct UTF8Key: Hashable, Sendable {
    public let text: String
    @usableFromInline let hash: Int

    @inlinable public init(_ text: String) {
        // Read in place when the text is stored as UTF-8 (a copy to call `withUTF8` retains it).
        var hash = text.utf8.withContiguousStorageIfAvailable { Self.hash(UnsafeRawBufferPointer($0)) }
        if hash == nil {
            var contiguous = text
            hash = contiguous.withUTF8 { Self.hash(UnsafeRawBufferPointer($0)) }
        }
        self.text = text
        self.hash = hash!
    }

    /// The bytes' hash, eight at a time: each word is mixed in by a full-width multiplication
    /// with a key drawn once per process, so no input chosen in advance collides more than by
    /// chance. About a tenth of the instructions of `Hasher` (SipHash-1-3), which the memos'
    /// keys (a page's style sheet, its list of alternates, every URL of a page) spent most of
    /// their look-ups in.
    @inlinable static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        let key = processKey
        var state = key ^ UInt64(truncatingIfNeeded: bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            state = mix(state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), key)
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            for index in offset..<bytes.count { last |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            state = mix(state ^ last, key)
        }
        return Int(truncatingIfNeeded: mix(state, key ^ 0x9E37_79B9_7F4A_7C15))
    }

    /// The high and low halves of the 128-bit product of `value` and `key`, folded together.
    @inlinable static func mix(_ value: UInt64, _ key: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: key | 1)
        return product.high ^ product.low
    }

    /// The key of this process's hashes, odd and random.
    @usableFromInline static let processKey = UInt64.random(in: .min ... .max) | 1

    @inlinable public static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        guard lhs.hash == rhs.hash else { return false }
        // Compared with `memcmp`: the keys are whole texts (a page's style sheet, a layout's
        // strings), and comparing them a byte at a time was most of a memo's look-up. The texts
        // are read in place: copying them to call `withUTF8` retained each (keys that every
        // thread compares, so their counts moved between the cores at each look-up).
        let equal = lhs.text.utf8.withContiguousStorageIfAvailable { left in
            rhs.text.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count
                    && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
        return equal.flatMap { $0 } ?? lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
