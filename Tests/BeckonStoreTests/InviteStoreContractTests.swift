import BeckonStore
import Foundation
import InviteModel
import Testing

/// What every `InviteStore` must do, run against each store in `StoreFactory.all`.
@Suite struct InviteStoreContractTests {
    @Test(arguments: StoreFactory.all)
    func anInviteReadsBackEqualToWhatWasStored(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            var full = Fixture.record()
            try full.invite.markSent(at: Fixture.start.addingTimeInterval(0.017_49))
            try full.invite.markOpened(at: Fixture.start.addingTimeInterval(3_600.000_6))
            try full.invite.accept(by: "u_9", at: Fixture.start.addingTimeInterval(7_200.999_9))
            let bare = InviteRecord(
                invite: Invite(senderID: "u_2", code: InviteCodeGenerator().next(), createdAt: Fixture.start))
            for record in [full, bare] {
                #expect(
                    try await store.create(record, limit: .friend, idempotencyKey: nil, requestHash: nil)
                        == .created(record))
                #expect(try await store.invite(code: record.invite.code) == record)
                #expect(try await store.invite(id: record.invite.id) == record)
            }
            #expect(try await store.invite(code: InviteCodeGenerator().next()) == nil)
            #expect(try await store.invite(id: UUID()) == nil)
            try await store.ping()
        }
    }

    @Test(arguments: StoreFactory.all)
    func aCodeIsStoredOnce(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let first = try await Fixture.create(Fixture.record(sender: "u_1"), in: store)
            let second = Fixture.record(sender: "u_2", code: first.invite.code)
            #expect(try await store.create(second, limit: .friend, idempotencyKey: "k", requestHash: "h") == .codeTaken)
            #expect(try await store.invite(code: first.invite.code) == first)
            #expect(try await store.invites(sender: "u_2", before: nil, limit: 10).isEmpty)
            #expect(try await Fixture.allEvents(in: store).count == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func anUpdateWritesTheInviteAndItsEvents(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let record = try await Fixture.create(Fixture.record(), in: store)
            let sentAt = Fixture.start.addingTimeInterval(60.000_4)
            let updated = try await store.update(code: record.invite.code) { record in
                try record.invite.markSent(at: sentAt)
                return [.sent]
            }
            var expected = record
            try expected.invite.markSent(at: sentAt)
            #expect(updated == expected)
            #expect(try await store.invite(code: record.invite.code) == expected)
            let events = try await Fixture.allEvents(in: store)
            #expect(events.map(\.name) == [.created, .sent])
            #expect(events.last?.at == expected.invite.sentAt)
            #expect(events.allSatisfy { $0.inviteID == record.invite.id && $0.code == record.invite.code })
            #expect(events.allSatisfy { $0.senderID == "u_1" && $0.context == .achievement && $0.channel == .whatsapp })
        }
    }

    @Test(arguments: StoreFactory.all)
    func aRefusedUpdateWritesNothing(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let record = try await Fixture.create(Fixture.record(), in: store)
            await #expect(throws: StoreError.rejected("an invite that is created cannot accept")) {
                try await store.update(code: record.invite.code) { record in
                    record.senderFirstName = "changed before the error"
                    try record.invite.accept(by: "u_9", at: Fixture.start)
                    return [.accepted]
                }
            }
            // A transition after the expiry expires the invite before it throws; nothing of it is kept.
            let late = record.invite.expiresAt.addingTimeInterval(1)
            await #expect(throws: StoreError.rejected("the invite has expired, so it cannot send")) {
                try await store.update(code: record.invite.code) { record in
                    try record.invite.markSent(at: late)
                    return [.sent]
                }
            }
            await #expect(throws: StoreError.self) {
                try await store.update(code: record.invite.code) { record in
                    record.invite.senderID = "u_other"
                    return []
                }
            }
            #expect(try await store.invite(code: record.invite.code) == record)
            #expect(try await Fixture.allEvents(in: store).map(\.name) == [.created])
            #expect(try await store.update(code: InviteCodeGenerator().next()) { _ in [.sent] } == nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func eventsAreNumberedInOrderAndPageWithAfter(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            var expected: [(InviteEvent.Name, InviteCode)] = []
            for index in 0..<7 {
                let record = try await Fixture.create(
                    Fixture.record(at: Fixture.start.addingTimeInterval(Double(index))), in: store)
                expected.append((.created, record.invite.code))
                if index.isMultiple(of: 2) {
                    _ = try await store.update(code: record.invite.code) { record in
                        try record.invite.markSent(at: Fixture.start.addingTimeInterval(100))
                        try record.invite.markOpened(at: Fixture.start.addingTimeInterval(200))
                        return [.sent, .opened]
                    }
                    expected += [(.sent, record.invite.code), (.opened, record.invite.code)]
                }
            }
            let all = try await Fixture.allEvents(in: store)
            #expect(all.map(\.name) == expected.map(\.0))
            #expect(all.map(\.code) == expected.map(\.1))
            #expect(zip(all, all.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
            var paged: [InviteEvent] = []
            var cursor: Int64 = 0
            while true {
                let page = try await store.events(after: cursor, limit: 3)
                guard let last = page.last else { break }
                #expect(page.count <= 3)
                paged += page
                cursor = last.sequence
            }
            #expect(paged == all)
            #expect(try await store.events(after: all[4].sequence, limit: 2) == Array(all[5...6]))
            #expect(try await store.events(after: 0, limit: 0).isEmpty)
        }
    }

    @Test(arguments: StoreFactory.all)
    func theSweepExpiresOnlyOpenInvitesPastTheirExpiryAndOnlyOnce(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let start = Fixture.start
            let week = try await Fixture.create(Fixture.record(expiry: .coach), in: store)
            let sent = try await Fixture.create(Fixture.record(expiry: .coach), in: store)
            let opened = try await Fixture.create(Fixture.record(expiry: .coach), in: store)
            let accepted = try await Fixture.create(Fixture.record(expiry: .coach), in: store)
            let cancelled = try await Fixture.create(Fixture.record(expiry: .coach), in: store)
            let month = try await Fixture.create(Fixture.record(expiry: .friend), in: store)
            _ = try await store.update(code: sent.invite.code) {
                try $0.invite.markSent(at: start); return [.sent]
            }
            for code in [opened.invite.code, accepted.invite.code] {
                _ = try await store.update(code: code) {
                    try $0.invite.markSent(at: start)
                    try $0.invite.markOpened(at: start)
                    return [.sent, .opened]
                }
            }
            _ = try await store.update(code: accepted.invite.code) {
                try $0.invite.accept(by: "u_9", at: start)
                return [.accepted]
            }
            _ = try await store.update(code: cancelled.invite.code) {
                try $0.invite.cancel(at: start); return [.cancelled]
            }
            let before = try await Fixture.allEvents(in: store)

            #expect(try await store.expire(at: week.invite.expiresAt.addingTimeInterval(-0.001)) == 0)
            #expect(try await store.expire(at: week.invite.expiresAt) == 3)
            #expect(try await store.expire(at: week.invite.expiresAt.addingTimeInterval(86_400)) == 0)

            for record in [week, sent, opened] {
                #expect(try await store.invite(code: record.invite.code)?.invite.status == .expired)
            }
            #expect(try await store.invite(code: accepted.invite.code)?.invite.status == .accepted)
            #expect(try await store.invite(code: cancelled.invite.code)?.invite.status == .cancelled)
            #expect(try await store.invite(code: month.invite.code)?.invite.status == .created)
            let swept = try await store.events(after: before.last!.sequence, limit: 100)
            #expect(swept.map(\.name) == [.expired, .expired, .expired])
            #expect(Set(swept.map(\.code)) == [week.invite.code, sent.invite.code, opened.invite.code])
            #expect(swept.allSatisfy { $0.at == week.invite.expiresAt })

            #expect(try await store.expire(at: month.invite.expiresAt) == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func erasingASenderClearsTheirNamesAndRecipientsOnly(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let mine = [
                try await Fixture.create(Fixture.record(sender: "u_1"), in: store),
                try await Fixture.create(Fixture.record(sender: "u_1"), in: store),
            ]
            let theirs = try await Fixture.create(Fixture.record(sender: "u_2"), in: store)
            #expect(try await store.eraseSender("u_1") == 2)
            for record in mine {
                var expected = record
                expected.senderFirstName = nil
                expected.recipient = nil
                expected.inviteeFirstName = nil
                expected.senderGender = nil
                #expect(try await store.invite(code: record.invite.code) == expected)
            }
            #expect(try await store.invite(code: theirs.invite.code) == theirs)
            #expect(try await store.eraseSender("u_1") == 0)
            #expect(try await store.eraseSender("u_unknown") == 0)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aSendersInvitesPageNewestFirstWithoutGapsOrRepeats(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            var mine: [InviteRecord] = []
            for index in 0..<23 {
                // Pairs share a creation time, so the code decides their order.
                let date = Fixture.start.addingTimeInterval(Double(index / 2) * 60)
                mine.append(try await Fixture.create(Fixture.record(sender: "u_1", at: date), in: store))
                try await Fixture.create(Fixture.record(sender: "u_2", at: date), in: store)
            }
            let newestFirst = mine.sorted {
                ($0.invite.createdAt, $0.invite.code) > ($1.invite.createdAt, $1.invite.code)
            }
            var paged: [InviteRecord] = []
            var cursor: InviteCode?
            while true {
                let page = try await store.invites(sender: "u_1", before: cursor, limit: 4)
                guard let last = page.last else { break }
                #expect(page.count <= 4)
                paged += page
                cursor = last.invite.code
            }
            #expect(paged == newestFirst)
            #expect(try await store.invites(sender: "u_1", before: nil, limit: 0).isEmpty)
            let theirs = try await store.invites(sender: "u_2", before: nil, limit: 1)
            #expect(try await store.invites(sender: "u_1", before: theirs[0].invite.code, limit: 4).isEmpty)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aSendersPictureIsKeptReplacedRemovedAndErased(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let first: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 255]
            let second = [UInt8](repeating: 0xAB, count: 300_000)
            #expect(try await store.avatar(sender: "u_1") == nil)
            try await store.setAvatar(first, sender: "u_1", at: Fixture.start)
            try await store.setAvatar(first.reversed(), sender: "u_2", at: Fixture.start)
            #expect(try await store.avatar(sender: "u_1") == first)
            func milliseconds(_ date: Date?) -> Int64? {
                date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
            }
            #expect(milliseconds(try await store.avatarUpdatedAt(sender: "u_1")) == milliseconds(Fixture.start))
            try await store.setAvatar(second, sender: "u_1", at: Fixture.start.addingTimeInterval(60))
            #expect(try await store.avatar(sender: "u_1") == second)
            #expect(
                milliseconds(try await store.avatarUpdatedAt(sender: "u_1"))
                    == milliseconds(Fixture.start.addingTimeInterval(60)))
            #expect(try await store.removeAvatar(sender: "u_1"))
            #expect(try await store.avatar(sender: "u_1") == nil)
            #expect(try await store.avatarUpdatedAt(sender: "u_1") == nil)
            #expect(try await !store.removeAvatar(sender: "u_1"))
            // Erasing a sender takes their picture with their names; another sender's stays.
            try await store.setAvatar(first, sender: "u_1", at: Fixture.start)
            #expect(try await store.eraseSender("u_1") == 0)
            #expect(try await store.avatar(sender: "u_1") == nil)
            #expect(try await store.avatar(sender: "u_2") == first.reversed())
            // A link's answer reads the invite and its sender's picture's time together.
            let pictured = try await Fixture.create(Fixture.record(sender: "u_2"), in: store)
            let plain = try await Fixture.create(Fixture.record(sender: "u_3"), in: store)
            let both = try #require(try await store.inviteAndAvatar(code: pictured.invite.code))
            #expect(both.record == pictured)
            #expect(milliseconds(both.avatarUpdatedAt) == milliseconds(Fixture.start))
            let alone = try #require(try await store.inviteAndAvatar(code: plain.invite.code))
            #expect(alone.record == plain && alone.avatarUpdatedAt == nil)
            #expect(try await store.inviteAndAvatar(code: InviteCode("ZZZZZZZZZZZZZZZ")!) == nil)
        }
    }
}
