import Foundation

/// Byte look-ups the scans over a page share (`StyleElision`, `ValueElision`).
enum ByteScan {
    /// The index of the next `byte` from `start`, found with `memchr`.
    static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// Whether the lower-case letters `word` start at `index`, in any case.
    static func startsCaseInsensitive(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with word: [UInt8]) -> Bool {
        guard index + word.count <= bytes.count else { return false }
        for offset in word.indices where bytes[index + offset] | 0x20 != word[offset] { return false }
        return true
    }

    /// A byte libxml2 reads as part of a tag name.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "_"),
            UInt8(ascii: "."):
            true
        default: false
        }
    }
}
