import BeckonStore
import Foundation
import InviteModel
import Testing

/// The rate limit, the idempotency keys and updates under concurrent requests, against each store
/// in `StoreFactory.all`.
@Suite struct ConcurrencyContractTests {
    static let limit = RateLimit(limit: 50, window: 86_400)

    @Test(arguments: StoreFactory.all)
    func concurrentCreatesStopExactlyAtTheLimitAndTheWindowRolls(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let attempts = (0..<64).map {
                Fixture.record(sender: "u_busy", at: Fixture.start.addingTimeInterval(Double($0)))
            }
            let outcomes = await withTaskGroup(of: CreateOutcome?.self) { group in
                for record in attempts {
                    group.addTask {
                        try? await store.create(record, limit: Self.limit, idempotencyKey: nil, requestHash: nil)
                    }
                }
                var outcomes: [CreateOutcome?] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            let created = outcomes.compactMap { outcome -> InviteRecord? in
                if case .created(let record) = outcome { return record }
                return nil
            }
            let retryDates = outcomes.compactMap { outcome -> Date? in
                if case .limited(let retryAt) = outcome { return retryAt }
                return nil
            }
            #expect(created.count == 50)
            #expect(retryDates.count == 14)
            let oldest = try #require(created.map(\.invite.createdAt).min())
            let retryAt = oldest.addingTimeInterval(Self.limit.window)
            #expect(retryDates.allSatisfy { $0 == retryAt })
            #expect(try await store.invites(sender: "u_busy", before: nil, limit: 100).count == 50)
            #expect(try await Fixture.allEvents(in: store).count == 50)

            // Another sender is not limited.
            let other = Fixture.record(sender: "u_calm", at: Fixture.start.addingTimeInterval(30))
            #expect(
                try await store.create(other, limit: Self.limit, idempotencyKey: nil, requestHash: nil)
                    == .created(other))

            // A slot frees up when the oldest invite leaves the window, and not a millisecond before.
            let early = Fixture.record(sender: "u_busy", at: retryAt.addingTimeInterval(-0.001))
            #expect(
                try await store.create(early, limit: Self.limit, idempotencyKey: nil, requestHash: nil)
                    == .limited(retryAt: retryAt))
            let onTime = Fixture.record(sender: "u_busy", at: retryAt)
            #expect(
                try await store.create(onTime, limit: Self.limit, idempotencyKey: nil, requestHash: nil)
                    == .created(onTime))
            let secondOldest = created.map(\.invite.createdAt).sorted()[1]
            let next = Fixture.record(sender: "u_busy", at: retryAt)
            #expect(
                try await store.create(next, limit: Self.limit, idempotencyKey: nil, requestHash: nil)
                    == .limited(retryAt: secondOldest.addingTimeInterval(Self.limit.window)))
        }
    }

    /// A limit of zero refuses every create for good, after the key is checked; a key without a
    /// request hash replays for a retry without one too.
    @Test(arguments: StoreFactory.all)
    func aLimitOfZeroRefusesForGoodAndKeysWithoutHashesReplay(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let none = RateLimit(limit: 0, window: 60)
            let refused = try await store.create(
                Fixture.record(sender: "u_1"), limit: none, idempotencyKey: nil, requestHash: nil)
            #expect(refused == .limited(retryAt: .distantFuture))
            let first = Fixture.record(sender: "u_2")
            let created = try await store.create(first, limit: .friend, idempotencyKey: "k", requestHash: nil)
            #expect(created == .created(first))
            let retried = try await store.create(
                Fixture.record(sender: "u_2"), limit: none, idempotencyKey: "k", requestHash: nil)
            #expect(retried == .replayed(first))
            #expect(try await Fixture.allEvents(in: store).count == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aRetriedKeyReplaysTheFirstInviteAndAReusedKeyIsRefused(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let first = Fixture.record(sender: "u_1")
            #expect(
                try await store.create(first, limit: .friend, idempotencyKey: "key-1", requestHash: "h1")
                    == .created(first))
            // The retry carries a fresh code and id, as a client's retry of the same request would.
            let retry = Fixture.record(sender: "u_1")
            #expect(
                try await store.create(retry, limit: .friend, idempotencyKey: "key-1", requestHash: "h1")
                    == .replayed(first))
            #expect(
                try await store.create(retry, limit: .friend, idempotencyKey: "key-1", requestHash: "h2") == .keyReused)
            #expect(
                try await store.create(retry, limit: .friend, idempotencyKey: "key-1", requestHash: nil) == .keyReused)
            #expect(try await store.invite(code: retry.invite.code) == nil)
            #expect(try await store.invites(sender: "u_1", before: nil, limit: 10) == [first])
            #expect(try await Fixture.allEvents(in: store).count == 1)

            // Keys are scoped by sender.
            let theirs = Fixture.record(sender: "u_2")
            #expect(
                try await store.create(theirs, limit: .friend, idempotencyKey: "key-1", requestHash: "h2")
                    == .created(theirs))

            // A replay answers even when the sender is at the limit, and shows the invite as it is now.
            let one = RateLimit(limit: 1, window: 86_400)
            let keyed = Fixture.record(sender: "u_3")
            #expect(
                try await store.create(keyed, limit: one, idempotencyKey: "key-3", requestHash: "h") == .created(keyed))
            let sent = try await store.update(code: keyed.invite.code) { record in
                try record.invite.markSent(at: Fixture.start)
                return [.sent]
            }
            #expect(
                try await store.create(
                    Fixture.record(sender: "u_3"), limit: one, idempotencyKey: "key-3", requestHash: "h")
                    == .replayed(try #require(sent)))
        }
    }

    @Test(arguments: StoreFactory.all)
    func concurrentRetriesOfOneKeyCreateOneInvite(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store) async throws in
            let outcomes = await withTaskGroup(of: CreateOutcome?.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        try? await store.create(
                            Fixture.record(sender: "u_1"), limit: .friend, idempotencyKey: "k", requestHash: "h")
                    }
                }
                var outcomes: [CreateOutcome?] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            let created = outcomes.compactMap { outcome -> InviteRecord? in
                if case .created(let record) = outcome { return record }
                return nil
            }
            #expect(created.count == 1)
            #expect(outcomes.filter { $0 == .replayed(created[0]) }.count == 15)
            #expect(try await Fixture.allEvents(in: store).count == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func oneOfManyRacingAcceptsWins(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let record = try await Fixture.create(Fixture.record(), in: store)
            let acceptAt = Fixture.start.addingTimeInterval(3_600)
            _ = try await store.update(code: record.invite.code) { record in
                try record.invite.markSent(at: Fixture.start)
                try record.invite.markOpened(at: Fixture.start.addingTimeInterval(60))
                return [.sent, .opened]
            }
            let results = await withTaskGroup(of: Result<InviteRecord?, StoreError>.self) { group in
                for index in 0..<32 {
                    group.addTask {
                        do throws(StoreError) {
                            return .success(
                                try await store.update(code: record.invite.code) { record in
                                    try record.invite.accept(by: "u_invitee_\(index)", at: acceptAt)
                                    return [.accepted]
                                })
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                var results: [Result<InviteRecord?, StoreError>] = []
                for await result in group { results.append(result) }
                return results
            }
            let winners = results.compactMap { try? $0.get() }
            let losers = results.compactMap { result -> StoreError? in
                if case .failure(let error) = result { return error }
                return nil
            }
            #expect(winners.count == 1)
            #expect(losers.count == 31)
            #expect(losers.allSatisfy { $0 == .rejected("the invite was already accepted, so it cannot accept") })
            let stored = try #require(try await store.invite(code: record.invite.code))
            #expect(stored.invite.status == .accepted)
            #expect(stored == winners.first)
            #expect(try await Fixture.allEvents(in: store).filter { $0.name == .accepted }.count == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func eventsOfConcurrentWritesAreCompleteAndStrictlyIncreasing(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let records = (0..<24).map { Fixture.record(sender: "u_\($0 % 3)") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for record in records {
                    group.addTask {
                        try await Fixture.create(record, in: store)
                        _ = try await store.update(code: record.invite.code) { record in
                            try record.invite.cancel(at: Fixture.start.addingTimeInterval(5))
                            return [.cancelled]
                        }
                    }
                }
                try await group.waitForAll()
            }
            let events = try await Fixture.allEvents(in: store)
            #expect(events.count == 48)
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
            for record in records {
                #expect(events.filter { $0.inviteID == record.invite.id }.map(\.name) == [.created, .cancelled])
            }
        }
    }
}
