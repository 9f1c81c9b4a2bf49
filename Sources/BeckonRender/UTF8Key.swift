import Foundation

/// A text compared and hashed by its UTF-8 bytes, its hash worked out once: a key for texts
/// that are equal when their bytes are (`String` compares by canonical equivalence, which
/// normalizes a non-ASCII text each time it is hashed).
public struct UTF8Key: Hashable, Sendable {
    public let text: String
    @usableFromInline let hash: Int

    @inlinable public init(_ text: String) {
        var hasher = Hasher()
        // Read in place when the text is stored as UTF-8 (a copy to call `withUTF8` retains it).
        if text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            var contiguous = text
            contiguous.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
        self.text = text
        self.hash = hasher.finalize()
    }

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
