import PropertyBased
import Synchronization
import Testing

@testable import BeckonHTML

/// Parses 3,000 pages made of up to fourteen `pieces` each (the `plain` ones three times as likely
/// again, so that many pages take the shortcut) with the parse's shortcuts and without them, and
/// expects the same tree and errors. Returns how many of the pages `tookShortcut` says took one.
func pagesReadTheSameWithShortcuts(
    pieces: [String], plain: [String], tookShortcut: @escaping @Sendable ([UInt8]) -> Bool
) async -> Int {
    let piece = Gen<String?>.element(of: pieces + plain + plain + plain).map { $0 ?? "" }
    let taken = Mutex(0)
    await propertyCheck(count: 3_000, input: piece.array(of: 0...14)) { parts in
        let bytes = Array(parts.joined().utf8)
        if tookShortcut(bytes) { taken.withLock { $0 += 1 } }
        let shortened = HTMLDocument(bytes: bytes, eliding: true)
        let whole = HTMLDocument(bytes: bytes, eliding: false)
        #expect(shortened.root == whole.root)
        #expect(shortened.errors == whole.errors)
    }
    return taken.withLock { $0 }
}
