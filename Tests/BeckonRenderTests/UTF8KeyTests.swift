import Testing

@testable import BeckonRender

/// `UTF8Key`: texts are equal keys when their bytes are, and the hash worked out once for each
/// spreads texts that differ anywhere (in any of the eight bytes of a word, in the bytes after
/// the last whole word, only in their length).
@Suite struct UTF8KeyTests {
    @Test func keysAreEqualWhenTheBytesAre() {
        #expect(UTF8Key("café") == UTF8Key("caf" + "é"))
        #expect(UTF8Key("café").hash == UTF8Key("caf" + "é").hash)
        // Canonically equivalent, but other bytes.
        #expect(UTF8Key("caf\u{E9}") != UTF8Key("cafe\u{301}"))
        // A text that is not stored as UTF-8 is read through a copy, to the same hash.
        let bridged = String(decoding: Array("a long text, not a small one".utf16), as: UTF16.self)
        #expect(UTF8Key(bridged).hash == UTF8Key("a long text, not a small one").hash)
    }

    /// Every text of one to forty bytes with one byte changed, and texts that differ only in
    /// length (trailing zero bytes): no two of them share a hash.
    @Test func textsThatDifferAnywhereHashApart() {
        var texts: Set<[UInt8]> = []
        for length in 0...40 {
            let base = [UInt8]((0..<length).map { UInt8(97 + $0 % 26) })
            texts.insert(base)
            texts.insert([UInt8](repeating: 0, count: length))
            for position in 0..<length {
                for value: UInt8 in [0, 1, 0x41, 0x80, 0xFF] {
                    var bytes = base
                    bytes[position] = value
                    texts.insert(bytes)
                }
            }
        }
        let hashes = Set(texts.map { text in text.withUnsafeBytes { UTF8Key.hash($0) } })
        #expect(texts.count > 4_000)
        #expect(hashes.count == texts.count)
    }

    /// Ten thousand URLs that differ in a few characters in their middle fill the buckets of a
    /// 256-bucket table as a random hash would: each holds about 39, and none is more than five
    /// standard deviations (about 6) away.
    @Test func similarTextsSpreadOverBuckets() {
        var buckets = [Int](repeating: 0, count: 256)
        for number in 0..<10_000 {
            let key = UTF8Key("https://join.example.test/de-DE/i/\(number)/?sig=0123456789abcdef")
            buckets[Int(UInt(bitPattern: key.hash) % 256)] += 1
        }
        let mean = 10_000 / 256
        #expect(buckets.allSatisfy { abs($0 - mean) <= 31 }, "\(buckets.min()!)...\(buckets.max()!)")
    }
}
