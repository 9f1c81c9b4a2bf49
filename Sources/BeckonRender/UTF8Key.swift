import Foundation

/// A text compared and hashed by its UTF-8 bytes, its hash worked out once: a key for texts
/// that are equal when their bytes are (`String` compares by canonical equivalence, which
/// normalizes a non-ASCII text each time it is hashed).
public struct UTF8Key: Hashable, Sendable {
    public let text: String
    @usableFromInline let hash: Int

    @inlinable public init(_ text: String) {
        var text = text
        var hasher = Hasher()
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        self.text = text
        self.hash = hasher.finalize()
    }

    @inlinable public static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        guard lhs.hash == rhs.hash else { return false }
        var left = lhs.text
        var right = rhs.text
        // Compared with `memcmp`: the keys are whole texts (a page's style sheet, a layout's
        // strings), and comparing them a byte at a time was most of a memo's look-up.
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                leftBytes.count == rightBytes.count
                    && (leftBytes.isEmpty
                        || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0)
            }
        }
    }

    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
