import BeckonStore
import Foundation
import InviteModel
import Synchronization
import Testing

@testable import BeckonStorePostgres

/// What an instance keeps of its links' lookups on PostgreSQL: nothing while it does not listen
/// for changes, nothing a change overtook, and nothing a change names once it arrives.
struct LinkLookupCacheTests {
    static func listening(lifetime: Duration = .seconds(60), capacity: Int = 100) -> LinkLookupCache {
        let cache = LinkLookupCache(lifetime: lifetime, capacity: capacity)
        cache.startedListening()
        return cache
    }

    static func keep(_ record: InviteRecord, avatar: Date? = nil, in cache: LinkLookupCache) throws {
        let ticket = try #require(cache.ticket())
        cache.keep((record, avatar), code: record.invite.code.rawValue, ticket: ticket)
    }

    @Test func aCacheThatDoesNotListenKeepsNothing() {
        let cache = LinkLookupCache(lifetime: .seconds(60))
        #expect(cache.ticket() == nil)
        cache.startedListening()
        #expect(cache.ticket() != nil)
        cache.stoppedListening()
        #expect(cache.ticket() == nil)
    }

    @Test func itTellsWhenItStartsAndStopsListeningOnce() {
        let told = Mutex<[Bool]>([])
        let cache = LinkLookupCache(lifetime: .seconds(60)) { listening in told.withLock { $0.append(listening) } }
        cache.stoppedListening()
        cache.startedListening()
        cache.startedListening()
        cache.stoppedListening()
        cache.stoppedListening()
        cache.startedListening()
        #expect(told.withLock { $0 } == [true, false, true])
    }

    @Test func aKeptInviteIsFoundWithItsSendersPicture() throws {
        let cache = Self.listening()
        let record = Fixture.record()
        let picture = Date(timeIntervalSince1970: 1_790_000_100)
        try Self.keep(record, avatar: picture, in: cache)
        let found = try #require(cache.found(code: record.invite.code.rawValue))
        #expect(found.record == record && found.avatarUpdatedAt == picture)
        #expect(cache.found(code: Fixture.record().invite.code.rawValue) == nil)
    }

    @Test func aLookupThatAChangeOvertookIsNotKept() throws {
        let cache = Self.listening()
        let record = Fixture.record()
        let ticket = try #require(cache.ticket())
        // The change of another invite arrives while this lookup waits for its row.
        cache.inviteChanged(code: Fixture.record().invite.code.rawValue)
        cache.keep((record, nil), code: record.invite.code.rawValue, ticket: ticket)
        #expect(cache.found(code: record.invite.code.rawValue) == nil)
    }

    @Test func aLookupUnderWayWhenListeningStoppedIsNotKept() throws {
        let cache = Self.listening()
        let record = Fixture.record()
        let ticket = try #require(cache.ticket())
        cache.stoppedListening()
        cache.startedListening()
        cache.keep((record, nil), code: record.invite.code.rawValue, ticket: ticket)
        #expect(cache.found(code: record.invite.code.rawValue) == nil)
    }

    @Test func eachNotificationDropsWhatItsPayloadNames() throws {
        let cache = Self.listening()
        let mine = Fixture.record(sender: "u_1")
        let other = Fixture.record(sender: "u_2")
        try Self.keep(mine, in: cache)
        try Self.keep(other, in: cache)
        cache.changed("i" + mine.invite.code.rawValue)
        #expect(cache.found(code: mine.invite.code.rawValue) == nil)
        #expect(cache.found(code: other.invite.code.rawValue) != nil)

        try Self.keep(mine, in: cache)
        cache.changed("au_2")
        #expect(cache.found(code: other.invite.code.rawValue) == nil)
        #expect(cache.found(code: mine.invite.code.rawValue) != nil)

        cache.changed("*")
        #expect(cache.found(code: mine.invite.code.rawValue) == nil)

        try Self.keep(mine, in: cache)
        cache.stoppedListening()
        #expect(cache.found(code: mine.invite.code.rawValue) == nil)
    }

    @Test func anEntryAgesOut() async throws {
        let cache = Self.listening(lifetime: .milliseconds(20))
        let record = Fixture.record()
        try Self.keep(record, in: cache)
        try await Task.sleep(for: .milliseconds(40))
        #expect(cache.found(code: record.invite.code.rawValue) == nil)
    }

    @Test func theCacheHoldsAtMostItsCapacity() throws {
        let cache = Self.listening(capacity: 4)
        let records = (0..<9).map { Fixture.record(sender: "u_\($0)") }
        for record in records { try Self.keep(record, in: cache) }
        let kept = records.filter { cache.found(code: $0.invite.code.rawValue) != nil }
        #expect((1...4).contains(kept.count))
        #expect(kept.contains(records[8]))
    }
}
