import BeckonStore
import Foundation
import Testing

/// The suppression list every store keeps: keyed hashes of addresses that unsubscribed, each once.
@Suite struct SuppressionContractTests {
    @Test(arguments: StoreFactory.all)
    func anAddressHashIsSuppressedOnce(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let hash = String(repeating: "3f", count: 16)
            let before = try await store.isSuppressed(addressHashes: [hash])
            let added = try await store.suppress(addressHash: hash, at: Fixture.start)
            let again = try await store.suppress(addressHash: hash, at: Fixture.start + 60)
            let after = try await store.isSuppressed(addressHashes: [hash])
            let other = try await store.isSuppressed(addressHashes: [
                String(repeating: "3e", count: 16), String(repeating: "3d", count: 16),
            ])
            // Compared as written: the hash is lower-case hex, another spelling is another value.
            let spelled = try await store.isSuppressed(addressHashes: [hash.uppercased()])
            // Found under any of an address's hashes (one per link key).
            let anyOf = try await store.isSuppressed(addressHashes: [String(repeating: "3e", count: 16), hash])
            #expect(!before && added && !again && after && !other && !spelled && anyOf)
        }
    }
}
