import BeckonStore
import Foundation
import InviteModel
import Testing

/// `invites.uniqueRecipient` as every store keeps it: one pending invite per sender and
/// recipient, checked under the sender's lock after the idempotency key.
@Suite struct UniqueRecipientContractTests {
    static func create(
        _ record: InviteRecord, unique: Bool = true, key: String? = nil, in store: any InviteStore
    ) async throws -> CreateOutcome {
        try await store.create(
            record, limit: .coach, uniqueRecipient: unique, idempotencyKey: key, requestHash: key.map { "h-\($0)" })
    }

    @Test(arguments: StoreFactory.all)
    func aSecondInviteToAPendingRecipientNamesTheFirst(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let first = Fixture.record()
            #expect(try await Self.create(first, key: "k1", in: store) == .created(first.rounded))
            // A retry of the first request gets it back; a new request names it.
            #expect(try await Self.create(Fixture.record(), key: "k1", in: store) == .replayed(first.rounded))
            #expect(try await Self.create(Fixture.record(), in: store) == .recipientPending(first.rounded))
            // Addresses are compared without regard to case, as a bulk create compares them.
            var shouted = Fixture.record()
            shouted.recipient = "MAYA@EXAMPLE.ORG"
            var quiet = Fixture.record()
            quiet.recipient = "maya@example.org"
            #expect(try await Self.create(shouted, in: store) == .created(shouted.rounded))
            #expect(try await Self.create(quiet, in: store) == .recipientPending(shouted.rounded))
            // Without the rule, another sender, or another recipient: stored.
            guard case .created = try await Self.create(Fixture.record(), unique: false, in: store) else {
                Issue.record("the rule is off, so the invite is stored")
                return
            }
            guard case .created = try await Self.create(Fixture.record(sender: "u_2"), in: store) else {
                Issue.record("another sender's invite is stored")
                return
            }
            var other = Fixture.record()
            other.recipient = "+4915199999999"
            guard case .created = try await Self.create(other, in: store) else {
                Issue.record("another recipient's invite is stored")
                return
            }
            let batch = [Fixture.record(sender: "u_3"), Fixture.record()]
            guard
                case .refused(.recipientPending) = try await store.createAll(
                    batch, limit: .coach, uniqueRecipient: true, idempotencyKeys: [nil, nil], requestHash: nil)
            else {
                Issue.record("a batch with a pending recipient is refused whole")
                return
            }
            #expect(try await store.invite(code: batch[0].invite.code) == nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aCancelledOrExpiredInviteIsNoLongerPending(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let first = Fixture.record()
            _ = try await Self.create(first, in: store)
            _ = try await store.update(code: first.invite.code) { record in
                try record.invite.cancel(at: Fixture.start + 1)
                return [.cancelled]
            }
            let second = Fixture.record(at: Fixture.start + 2)
            #expect(try await Self.create(second, in: store) == .created(second.rounded))
            #expect(
                try await Self.create(Fixture.record(at: Fixture.start + 3), in: store)
                    == .recipientPending(second.rounded))
            // Past its expiry (30 days), the second is not pending, swept or not.
            let third = Fixture.record(at: Fixture.start + 31 * 86_400)
            #expect(try await Self.create(third, in: store) == .created(third.rounded))
        }
    }

    @Test(arguments: StoreFactory.all)
    func concurrentCreatesForOneRecipientStoreOne(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let outcomes = try await withThrowingTaskGroup(of: CreateOutcome.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await Self.create(Fixture.record(at: Fixture.start + Double(index) / 1_000), in: store)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let created = outcomes.filter { if case .created = $0 { true } else { false } }
            let refused = outcomes.filter { if case .recipientPending = $0 { true } else { false } }
            #expect(created.count == 1 && refused.count == 7)
        }
    }
}
