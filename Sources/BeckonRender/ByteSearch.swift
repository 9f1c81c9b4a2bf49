extension Collection where Element == UInt8 {
    /// Where `needle` first occurs in the bytes, at or after `start` (the start when `nil`),
    /// compared byte for byte, not as characters; with `ignoringCase`, an upper-case ASCII letter
    /// in the bytes also matches the lower-case one in `needle`. Inlinable, so each caller's
    /// collection gets its own compiled loop instead of a generic call per byte.
    @inlinable
    public func firstIndex(ofBytes needle: [UInt8], from start: Index? = nil, ignoringCase: Bool = false) -> Index? {
        var index = start ?? startIndex
        guard let first = needle.first else { return index }
        while index != endIndex {
            let byte = self[index]
            if byte == first || (ignoringCase && (0x41...0x5A).contains(byte) && byte | 0x20 == first),
                matches(needle, at: index, ignoringCase: ignoringCase)
            {
                return index
            }
            formIndex(after: &index)
        }
        return nil
    }

    /// Whether `needle` occurs at `start`, compared as `firstIndex(ofBytes:)` compares.
    @inlinable
    func matches(_ needle: [UInt8], at start: Index, ignoringCase: Bool) -> Bool {
        var index = start
        for wanted in needle {
            guard index != endIndex else { return false }
            let byte = self[index]
            guard byte == wanted || (ignoringCase && (0x41...0x5A).contains(byte) && byte | 0x20 == wanted) else {
                return false
            }
            formIndex(after: &index)
        }
        return true
    }
}

extension StringProtocol {
    /// Whether `needle` occurs in the text's UTF-8, compared byte for byte as
    /// `firstIndex(ofBytes:)` compares (not as characters, and without Foundation's search, which
    /// copies the text to UTF-16 first): for a needle of ASCII, what a search for its characters
    /// finds.
    @inlinable
    public func containsBytes(_ needle: [UInt8], ignoringCase: Bool = false) -> Bool {
        let bytes = utf8
        if let found = bytes.withContiguousStorageIfAvailable({
            $0.firstIndex(ofBytes: needle, ignoringCase: ignoringCase) != nil
        }) {
            return found
        }
        return bytes.firstIndex(ofBytes: needle, ignoringCase: ignoringCase) != nil
    }
}

extension StringProtocol {
    /// Whether reading the text a character at a time could find one of `characters` (ASCII
    /// bytes): one of the bytes occurs, or a character Swift takes for one of them (U+1FEF for
    /// `` ` ``, U+037E for `;`, U+212A for `K`, the only characters outside ASCII canonically
    /// equivalent to an ASCII one). When `false`, no character of the text equals one of them,
    /// and a reading that looks only for them can skip the text.
    @inlinable
    public func mayHoldCharacter(among characters: [UInt8]) -> Bool {
        if utf8.contains(where: { characters.contains($0) }) { return true }
        return ASCIIEquivalents.all.contains { characters.contains($0.ascii) && containsBytes($0.spelling) }
    }

    /// The text split at `separator`, an ASCII character, as `split(separator:maxSplits:)` splits
    /// it at characters (empty parts left out). An ASCII text is split at its bytes, where the
    /// separator can only be a character of its own; any other at characters.
    @inlinable
    public func split(atASCII separator: UInt8, maxSplits: Int = .max) -> [SubSequence] {
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return split(separator: Character(Unicode.Scalar(separator)), maxSplits: maxSplits)
        }
        return utf8.split(separator: separator, maxSplits: maxSplits).map { self[$0.startIndex..<$0.endIndex] }
    }
}

/// The characters outside ASCII that Swift's character comparison takes for an ASCII one, with
/// that one's byte: made once, not for every text `mayHoldCharacter(among:)` reads.
@usableFromInline enum ASCIIEquivalents {
    @usableFromInline static let all: [(ascii: UInt8, spelling: [UInt8])] = [
        (0x60, [0xE1, 0xBF, 0xAF]), (0x3B, [0xCD, 0xBE]), (0x4B, [0xE2, 0x84, 0xAA]),
    ]
}
