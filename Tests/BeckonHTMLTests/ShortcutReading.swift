import PropertyBased
import Synchronization
import Testing

@testable import BeckonHTML

/// Parses 3,000 pages made of up to `most` pieces each (the `plain` ones three times as likely
/// again, so that many pages take the shortcut) with the parse's shortcuts and without them, and
/// expects the same tree and errors. Returns how many of the pages `tookShortcut` says took one.
func pagesReadTheSameWithShortcuts(
    pieces: [String], plain: [String], most: Int = 14, tookShortcut: @escaping @Sendable ([UInt8]) -> Bool
) async -> Int {
    await pagesReadTheSameWithShortcuts(
        pieces: pieces.map { Array($0.utf8) }, plain: plain.map { Array($0.utf8) }, most: most,
        tookShortcut: tookShortcut)
}

/// `pagesReadTheSameWithShortcuts` with pieces of bytes, which need not be UTF-8.
func pagesReadTheSameWithShortcuts(
    pieces: [[UInt8]], plain: [[UInt8]], most: Int, tookShortcut: @escaping @Sendable ([UInt8]) -> Bool
) async -> Int {
    let piece = Gen<[UInt8]?>.element(of: pieces + plain + plain + plain).map { $0 ?? [] }
    let taken = Mutex(0)
    await propertyCheck(count: 3_000, input: piece.array(of: 0...most)) { parts in
        let bytes = parts.flatMap { $0 }
        if tookShortcut(bytes) { taken.withLock { $0 += 1 } }
        let shortened = HTMLDocument(bytes: bytes, eliding: true)
        let whole = HTMLDocument(bytes: bytes, eliding: false)
        #expect(shortened.root == whole.root)
        #expect(shortened.errors == whole.errors)
    }
    return taken.withLock { $0 }
}

/// Runs `check` on 3,000 texts of up to 40 `a`s with up to `most` of `odd` placed anywhere, at every
/// alignment: what a word-at-a-time reading is compared with a byte-at-a-time one on.
func checkMostlyPlainBytes(odd: [UInt8], most: Int, _ check: @escaping @Sendable ([UInt8]) -> Void) async {
    let byte = Gen<UInt8?>.element(of: odd).map { $0 ?? 0x41 }
    await propertyCheck(count: 3_000, input: byte.array(of: 0...most), Gen.int(in: 0...40)) { odd, length in
        var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
        for (offset, value) in odd.enumerated() {
            bytes.insert(value, at: min(bytes.count, (offset * 7 + length) % (bytes.count + 1)))
        }
        check(bytes)
    }
}
