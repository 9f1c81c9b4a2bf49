import Foundation
import Testing

@testable import BeckonRender

/// What a cache's byte store keeps of an artifact is remembered per artifact: a copy that changes
/// its bytes forgets the stored reference for itself, never for the artifact it was copied from.
@Suite struct ArtifactStoredBlobsTests {
    /// A byte store that counts what it is given.
    final class CountingStore: ArtifactByteStore, @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [[UInt8]] = []

        var count: Int { lock.withLock { stored.count } }

        func storeBytes(_ bytes: [UInt8]) -> String {
            lock.withLock {
                stored.append(bytes)
                return "ref-\(stored.count)"
            }
        }

        func file(_ reference: String, count: Int) -> (folder: ArtifactFolder, file: String)? { nil }
    }

    @Test func aChangedCopyForgetsItsStoredBytesAloneWhileTheOriginalKeepsThem() {
        let store = CountingStore()
        let original = Artifact(path: "a.html", kind: .document, contentType: "text/html", bytes: Array("a".utf8))
        #expect(original.storedBytes(in: store) == "ref-1")
        var changed = original
        changed.bytes = Array("b".utf8)
        #expect(changed.storedBytes(in: store) == "ref-2")
        // The original still knows its reference: nothing is stored again.
        #expect(original.storedBytes(in: store) == "ref-1")
        #expect(changed.storedBytes(in: store) == "ref-2")
        #expect(store.count == 2)
        // Another store knows nothing of either.
        let other = CountingStore()
        #expect(original.storedBytes(in: other) == "ref-1" && other.count == 1)
    }
}
