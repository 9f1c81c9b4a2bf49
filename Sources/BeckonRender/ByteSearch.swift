extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// Where `needle` first occurs at or after `start`, compared byte for byte; with `ignoringCase`,
    /// an upper-case ASCII letter in the bytes also matches the lower-case one in `needle`.
    func firstIndex(ofBytes needle: [UInt8], from start: Int, ignoringCase: Bool = false) -> Int? {
        guard let first = needle.first else { return start }
        var index = Swift.max(start, startIndex)
        while index + needle.count <= endIndex {
            if self[index] == first {
                var offset = 1
                while offset < needle.count {
                    let byte = self[index + offset]
                    let wanted = needle[offset]
                    guard byte == wanted || (ignoringCase && (0x41...0x5A).contains(byte) && byte | 0x20 == wanted)
                    else { break }
                    offset += 1
                }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
