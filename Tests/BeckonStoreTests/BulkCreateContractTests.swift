import BeckonStore
import Foundation
import InviteModel
import Testing

/// A sender's batch of invites is stored all or none, on every store: one that would cross the
/// rate limit stores nothing, a retry with the same keys gets every invite back, and a key
/// another request used refuses the whole batch.
@Suite struct BulkCreateContractTests {
    static func batch(_ count: Int, sender: String = "u_bulk", at offset: TimeInterval = 100) -> [InviteRecord] {
        (0..<count).map { Fixture.record(sender: sender, at: Fixture.start.addingTimeInterval(offset + Double($0))) }
    }

    @Test(arguments: StoreFactory.all)
    func aBatchThatWouldCrossTheLimitStoresNothing(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            for record in Self.batch(40, at: 0) {
                #expect(
                    try await store.create(record, limit: .friend, idempotencyKey: nil, requestHash: nil)
                        == .created(record))
            }
            let over = Self.batch(20)
            let keys = over.indices.map { "k bulk \($0)" }
            let refused = try await store.createAll(over, limit: .friend, idempotencyKeys: keys, requestHash: "h")
            guard case .refused(.limited) = refused else {
                Issue.record("expected a refusal at the limit, got \(refused)")
                return
            }
            #expect(try await store.invites(sender: "u_bulk", before: nil, limit: 100).count == 40)
            for record in over { #expect(try await store.invite(code: record.invite.code) == nil) }
            #expect(try await Fixture.allEvents(in: store).count == 40)
            // The keys were not kept either: the ten that fit are stored under them now.
            let fits = Array(over.prefix(10))
            #expect(
                try await store.createAll(
                    fits, limit: .friend, idempotencyKeys: Array(keys.prefix(10)), requestHash: "h")
                    == .stored(fits.map { .created($0) }))
        }
    }

    @Test(arguments: StoreFactory.all)
    func aRetriedBatchGetsItsInvitesBackAndAReusedKeyRefusesIt(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let batch = Self.batch(5)
            let keys = batch.indices.map { "k bulk \($0)" }
            let made = try await store.createAll(batch, limit: .friend, idempotencyKeys: keys, requestHash: "h")
            #expect(made == .stored(batch.map { .created($0) }))
            let retry = try await store.createAll(
                Self.batch(5), limit: .friend, idempotencyKeys: keys, requestHash: "h")
            #expect(retry == .stored(batch.map { .replayed($0) }))
            let other = Self.batch(5, at: 500)
            let reused = try await store.createAll(other, limit: .friend, idempotencyKeys: keys, requestHash: "other")
            #expect(reused == .refused(.keyReused))
            // A batch whose last code is taken stores none of it.
            var taken = Self.batch(3, at: 900)
            taken[2] = Fixture.record(sender: "u_bulk", code: batch[0].invite.code)
            #expect(
                try await store.createAll(taken, limit: .friend, idempotencyKeys: [nil, nil, nil], requestHash: nil)
                    == .refused(.codeTaken))
            #expect(try await store.invite(code: taken[0].invite.code) == nil)
            #expect(try await store.invites(sender: "u_bulk", before: nil, limit: 100).count == 5)
        }
    }

    /// An erased sender's idempotency keys go with the erasure: their requests' hashes are no
    /// longer kept, and a key used again makes a new invite.
    @Test(arguments: StoreFactory.all)
    func erasingASenderDropsTheirIdempotencyKeys(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let first = Fixture.record(sender: "u_erased")
            #expect(
                try await store.create(first, limit: .friend, idempotencyKey: "k", requestHash: "h") == .created(first))
            _ = try await store.eraseSender("u_erased")
            let second = Fixture.record(sender: "u_erased")
            #expect(
                try await store.create(second, limit: .friend, idempotencyKey: "k", requestHash: "other")
                    == .created(second))
        }
    }

}
