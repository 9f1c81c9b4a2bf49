import BeckonStore
import Foundation
import InviteModel
import Testing

/// The senders' notices every store keeps (seed 003 #13, #49): the sender's address stored and
/// erased, an expiry notice queued with the expiry of an invite whose sender gave an address, and
/// one digest per sender and day, whoever asks and however often.
@Suite struct SenderNoticesContractTests {
    /// An email invite of `sender` with a notices address, created at `date`.
    static func record(sender: String, email: String? = "coach@example.com", at date: Date) -> InviteRecord {
        var record = OutboundQueueContractTests.emailRecord(sender: sender, at: date)
        record.senderEmail = email
        record.senderLanguage = email == nil ? nil : "de-DE"
        return record
    }

    /// Accepts the invite at `date`.
    static func accept(_ record: InviteRecord, at date: Date, in store: any InviteStore) async throws {
        _ = try await store.update(code: record.invite.code) { record in
            try record.invite.markSent(at: date)
            try record.invite.markOpened(at: date)
            try record.invite.accept(by: "u_client", at: date)
            return [.sent, .opened, .accepted]
        }
    }

    @Test(arguments: StoreFactory.all)
    func theSendersAddressIsKeptAndErased(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let made = try await Fixture.create(Self.record(sender: "u_1", at: Fixture.start), in: store)
            let read = try #require(try await store.invite(code: made.invite.code))
            #expect(read.senderEmail == "coach@example.com" && read.senderLanguage == "de-DE")
            #expect(try await store.eraseSender("u_1") == 1)
            let erased = try #require(try await store.invite(code: made.invite.code))
            #expect(erased.senderEmail == nil && erased.recipient == nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func anExpiryQueuesANoticeOnlyWhenTheSenderGaveAnAddress(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            try await store.setOutboundPlan(.invitations + .expiryNotices)
            let told = try await Fixture.create(Self.record(sender: "u_1", at: Fixture.start), in: store)
            let silent = try await Fixture.create(Self.record(sender: "u_2", email: nil, at: Fixture.start), in: store)
            let late = told.invite.expiresAt.addingTimeInterval(1)
            _ = try await store.claimJobs(kinds: [.invitation], limit: 10, at: late, lease: 60)
            #expect(try await store.expire(at: late) == 2)
            let notices = try await store.claimJobs(kinds: [.notice], limit: 10, at: late, lease: 60)
            #expect(notices.map(\.inviteID) == [told.invite.id])
            #expect(notices.first?.event == .expired && notices.first?.coversUntil == nil)
            #expect(!notices.contains { $0.inviteID == silent.invite.id })
        }
    }

    @Test(arguments: StoreFactory.all)
    func aDayHasOneDigestPerSenderWhoeverAsks(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let period: TimeInterval = 86_400
            let day = Fixture.start.addingTimeInterval(3_600)
            let until = day.addingTimeInterval(period)
            // Coach 1: two clients accepted in the day, one the day before, one after it ended.
            var coach1: [InviteRecord] = []
            for (index, offset) in [-60.0, 600, 7_200, period + 60].enumerated() {
                var record = Self.record(sender: "u_1", at: day.addingTimeInterval(offset - 30))
                record.inviteeFirstName = "Client \(index)"
                coach1.append(try await Fixture.create(record, in: store))
                try await Self.accept(coach1[index], at: day.addingTimeInterval(offset), in: store)
            }
            // Coach 2 gave no address; coach 3 had a client accept in the day.
            let quiet = try await Fixture.create(Self.record(sender: "u_2", email: nil, at: day), in: store)
            try await Self.accept(quiet, at: day.addingTimeInterval(60), in: store)
            let coach3 = try await Fixture.create(Self.record(sender: "u_3", at: day), in: store)
            try await Self.accept(coach3, at: day.addingTimeInterval(120), in: store)

            #expect(try await store.queueDigests(from: day, until: until, at: until.addingTimeInterval(5)) == 2)
            // Again, later the same day or from another server: nothing more.
            #expect(try await store.queueDigests(from: day, until: until, at: until.addingTimeInterval(65)) == 0)
            let digests = try await store.claimJobs(
                kinds: [.digest], limit: 10, at: until.addingTimeInterval(70), lease: 60)
            #expect(digests.count == 2)
            #expect(
                digests.allSatisfy {
                    $0.kind == .digest && $0.coversUntil == Milliseconds.date(Milliseconds.from(until))
                })
            let first = coach1[1...2].map(\.invite.id).min { $0.uuidString < $1.uuidString }
            #expect(Set(digests.map(\.inviteID)) == [try #require(first), coach3.invite.id])

            let listed = try await store.acceptedInvites(
                senderID: "u_1", from: day, until: until)
            #expect(listed.map(\.inviteeFirstName) == ["Client 1", "Client 2"])
            #expect(try await store.acceptedInvites(senderID: "u_2", from: day, until: until).isEmpty)
            // The next day is a day of its own.
            let next = until.addingTimeInterval(period)
            #expect(try await store.queueDigests(from: until, until: next, at: next) == 1)
        }
    }
}
