import BeckonStore
import Foundation
import InviteModel
import Testing

/// The install hand-off's part of every store: store clicks, claims and the waiting list.
@Suite struct InstallContractTests {
    static func click(
        _ record: InviteRecord, hash: String = "h1", platform: ClientPlatform = .ios, at offset: Double
    )
        -> StoreClick
    {
        StoreClick(code: record.invite.code, platform: platform, clientHash: hash, at: Fixture.start + offset)
    }

    @Test(arguments: StoreFactory.all)
    func aClickRecordsItsEventWithThePlatform(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let record = try await Fixture.create(Fixture.record(), in: store)
            #expect(try await store.recordStoreClick(Self.click(record, platform: .android, at: 5)))
            let unknown = Fixture.record()
            #expect(try await store.recordStoreClick(Self.click(unknown, at: 6)) == false)
            let events = try await Fixture.allEvents(in: store)
            #expect(events.map(\.name) == [.created, .storeClicked])
            #expect(events.last?.platform == .android && events.last?.method == nil)
            #expect(events.last?.at == Fixture.start.addingTimeInterval(5).roundedToMilliseconds)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aLinkClaimsItsInviteOnceAndItsClicksWithIt(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let record = try await Fixture.create(Fixture.record(), in: store)
            _ = try await store.recordStoreClick(Self.click(record, at: 5))
            let claim = InstallClaim(
                evidence: .link(record.invite.code, .clipboard), platform: .ios, at: Fixture.start + 60)
            let first = try #require(try await store.claimInstall(claim))
            #expect(first.record == record && first.method == .clipboard && first.isFirst)
            let again = try #require(try await store.claimInstall(claim))
            #expect(!again.isFirst)
            // The click went with the link's claim: a window finds nothing left.
            let window = InstallClaim(
                evidence: .window(clientHashes: ["h1"], since: Fixture.start), platform: .ios, at: Fixture.start + 61)
            #expect(try await store.claimInstall(window) == nil)
            let events = try await Fixture.allEvents(in: store)
            #expect(events.map(\.name) == [.created, .storeClicked, .appInstalled])
            #expect(events.last?.platform == .ios && events.last?.method == .clipboard)
            let unknown = InstallClaim(
                evidence: .link(Fixture.record().invite.code, .referrer), platform: .android, at: Fixture.start)
            #expect(try await store.claimInstall(unknown) == nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aWindowMatchesOnlyASingleCandidate(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let maya = try await Fixture.create(Fixture.record(sender: "u_1"), in: store)
            let lou = try await Fixture.create(Fixture.record(sender: "u_2"), in: store)
            let ana = try await Fixture.create(Fixture.record(sender: "u_3"), in: store)
            func window(_ hashes: [String], _ platform: ClientPlatform = .ios, since: Double) -> InstallClaim {
                InstallClaim(
                    evidence: .window(clientHashes: hashes, since: Fixture.start + since), platform: platform,
                    at: Fixture.start + 600)
            }
            // Maya's button tapped twice is one candidate; Lou's and Ana's behind one hash are two.
            _ = try await store.recordStoreClick(Self.click(maya, hash: "a", at: 10))
            _ = try await store.recordStoreClick(Self.click(maya, hash: "a", at: 15))
            _ = try await store.recordStoreClick(Self.click(lou, hash: "b", at: 20))
            _ = try await store.recordStoreClick(Self.click(ana, hash: "b", at: 30))
            // Two invites behind one hash refuse: a shared address (an office, a carrier's
            // gateway) must never credit a guess.
            #expect(try await store.claimInstall(window(["b"], since: 0)) == nil)
            // Another platform, another hash, or before the window: no candidate.
            #expect(try await store.claimInstall(window(["a"], .android, since: 0)) == nil)
            #expect(try await store.claimInstall(window(["c"], since: 0)) == nil)
            #expect(try await store.claimInstall(window(["a"], since: 16)) == nil)
            // Yesterday's hash beside today's: one candidate, matched once, both taps claimed.
            let matched = try #require(try await store.claimInstall(window(["z", "a"], since: 0)))
            #expect(matched.record == maya && matched.method == .window && matched.isFirst)
            #expect(try await store.claimInstall(window(["a"], since: 0)) == nil)
            #expect(try await store.claimInstall(window([], since: 0)) == nil)
            let installs = try await Fixture.allEvents(in: store).filter { $0.name == .appInstalled }
            #expect(installs.map(\.code) == [maya.invite.code] && installs.first?.method == .window)
        }
    }

    @Test(arguments: StoreFactory.all)
    func oldClicksArePurged(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let record = try await Fixture.create(Fixture.record(), in: store)
            _ = try await store.recordStoreClick(Self.click(record, at: 10))
            _ = try await store.recordStoreClick(Self.click(record, hash: "h2", at: 100))
            #expect(try await store.purgeStoreClicks(before: Fixture.start + 50) == 1)
            let early = InstallClaim(
                evidence: .window(clientHashes: ["h1"], since: Fixture.start), platform: .ios, at: Fixture.start + 200)
            #expect(try await store.claimInstall(early) == nil)
            let late = InstallClaim(
                evidence: .window(clientHashes: ["h2"], since: Fixture.start), platform: .ios, at: Fixture.start + 200)
            #expect(try await store.claimInstall(late)?.record == record)
        }
    }

    @Test(arguments: StoreFactory.all)
    func theWaitingListKeepsAnAddressOnce(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store: any InviteStore) async throws in
            let first = WaitlistEntry(
                address: "ana@example.org", locale: "de-DE", consent: "Wir schreiben dir einmal.",
                at: Fixture.start.roundedToMilliseconds)
            let second = WaitlistEntry(
                address: "lou@example.org", locale: "en-US", consent: "We write once.",
                at: (Fixture.start + 5).roundedToMilliseconds)
            #expect(try await store.joinWaitlist(first))
            #expect(try await store.joinWaitlist(second))
            var repeated = first
            repeated.locale = "en-US"
            #expect(try await store.joinWaitlist(repeated) == false)
            #expect(try await store.waitlist() == [first, second])
            #expect(try await store.leaveWaitlist(address: "ana@example.org"))
            #expect(try await store.leaveWaitlist(address: "ana@example.org") == false)
            #expect(try await store.waitlist() == [second])
        }
    }
}

extension Date {
    /// The date as a store keeps it: whole milliseconds.
    fileprivate var roundedToMilliseconds: Date { Milliseconds.date(Milliseconds.from(self)) }
}
