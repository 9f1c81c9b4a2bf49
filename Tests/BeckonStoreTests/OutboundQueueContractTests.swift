import BeckonStore
import Foundation
import InviteModel
import Testing

/// The outbound queue every store keeps: jobs made in their events' transactions as the plan
/// says, claimed once at a time, finished, retried, and a delivered invitation marking its invite
/// sent.
@Suite struct OutboundQueueContractTests {
    /// An email invite of `sender`, created at `date`.
    static func emailRecord(sender: String = "u_1", at date: Date = Fixture.start) -> InviteRecord {
        var record = Fixture.record(sender: sender, at: date)
        record.invite = Invite(
            senderID: sender, code: InviteCodeGenerator().next(), context: .achievement, contextID: "ach_7",
            channel: .email, createdAt: date, expiry: .friend)
        record.recipient = "sam@example.com"
        return record
    }

    @Test(arguments: StoreFactory.all)
    func withoutAPlanNothingIsQueued(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let record = try await Fixture.create(Self.emailRecord(), in: store)
            #expect(try await store.latestInvitation(inviteID: record.invite.id) == nil)
            #expect(try await store.queueStatus() == QueueStatus(depth: 0, oldestQueuedAt: nil))
            #expect(try await store.claimJobs(kinds: [.invitation], limit: 10, at: Fixture.start + 60, lease: 60) == [])
        }
    }

    @Test(arguments: StoreFactory.all)
    func emailCreatesAndResendsQueueTheirInvitation(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            #expect(try await store.outboundPlan().triggers.isEmpty)
            try await store.setOutboundPlan(.invitations)
            #expect(Set(try await store.outboundPlan().triggers) == Set(OutboundPlan.invitations.triggers))
            let email = try await Fixture.create(Self.emailRecord(), in: store)
            let whatsapp = try await Fixture.create(Fixture.record(), in: store)
            let batch = [Self.emailRecord(at: Fixture.start + 1), Self.emailRecord(at: Fixture.start + 2)]
            guard
                case .stored = try await store.createAll(
                    batch, limit: .friend, idempotencyKeys: [nil, nil], requestHash: nil)
            else { throw FixtureError.notCreated(.codeTaken) }
            #expect(try await store.latestInvitation(inviteID: whatsapp.invite.id) == nil)
            let first = try #require(try await store.latestInvitation(inviteID: email.invite.id))
            #expect(first.kind == .invitation && first.state == .queued && first.attempts == 0)
            #expect(first.messageID.count == 32 && first.messageID.allSatisfy(\.isHexDigit))
            #expect(first.queuedAt == Milliseconds.date(Milliseconds.from(Fixture.start)))
            #expect(try await store.queueStatus().depth == 3)

            _ = try await store.update(code: email.invite.code) { _ in [.resent] }
            let second = try #require(try await store.latestInvitation(inviteID: email.invite.id))
            #expect(second.id != first.id && second.messageID != first.messageID)
            #expect(try await store.queueStatus().depth == 4)
            // A server that stops delivering queues nothing more.
            try await store.setOutboundPlan(.none)
            _ = try await store.update(code: email.invite.code) { _ in [.resent] }
            #expect(try await store.queueStatus().depth == 4)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aDeliveredInvitationMarksItsInviteSent(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            try await store.setOutboundPlan(.invitations)
            let record = try await Fixture.create(Self.emailRecord(), in: store)
            let now = Fixture.start + 10
            let claimed = try await store.claimJobs(kinds: [.invitation], limit: 10, at: now, lease: 60)
            #expect(claimed.count == 1)
            let job = try #require(claimed.first)
            #expect(job.state == .sending && job.attempts == 1 && job.inviteID == record.invite.id)
            // Claimed: not due for anyone else until the claim lapses.
            #expect(try await store.claimJobs(kinds: [.invitation], limit: 10, at: now + 30, lease: 60) == [])
            try await store.finishJob(job, .delivered(reply: "250 2.0.0 Ok: queued"), at: now + 1)
            let delivered = try #require(try await store.latestInvitation(inviteID: record.invite.id))
            #expect(delivered.state == .delivered && delivered.lastReply == "250 2.0.0 Ok: queued")
            let invite = try #require(try await store.invite(code: record.invite.code)).invite
            #expect(invite.status == .sent && invite.sentAt == Milliseconds.date(Milliseconds.from(now + 1)))
            #expect(try await Fixture.allEvents(in: store).map(\.name) == [.created, .sent])
            #expect(try await store.queueStatus().depth == 0)
            // A second delivery of the same job (a lapsed claim sent twice) changes nothing.
            try await store.finishJob(job, .delivered(reply: "250 again"), at: now + 2)
            #expect(try await Fixture.allEvents(in: store).map(\.name) == [.created, .sent])
        }
    }

    @Test(arguments: StoreFactory.all)
    func deferredAndLapsedJobsComeBackWhenDue(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            try await store.setOutboundPlan(.invitations)
            let record = try await Fixture.create(Self.emailRecord(), in: store)
            let now = Fixture.start + 10
            let job = try #require(try await store.claimJobs(kinds: [.invitation], limit: 1, at: now, lease: 60).first)
            try await store.finishJob(job, .deferred(reply: "451 4.3.0 try later", retryAt: now + 120), at: now + 1)
            let deferred = try #require(try await store.latestInvitation(inviteID: record.invite.id))
            #expect(deferred.state == .deferred && deferred.lastReply == "451 4.3.0 try later")
            #expect(try await store.claimJobs(kinds: [.invitation], limit: 1, at: now + 119, lease: 60) == [])
            let again = try #require(
                try await store.claimJobs(kinds: [.invitation], limit: 1, at: now + 120, lease: 60).first)
            #expect(again.id == job.id && again.attempts == 2 && again.messageID == job.messageID)
            // Its worker died: the claim lapses and the job is claimed again.
            let lapsed = try #require(
                try await store.claimJobs(kinds: [.invitation], limit: 1, at: now + 181, lease: 60).first)
            #expect(lapsed.id == job.id && lapsed.attempts == 3)
            // The attempt whose claim lapsed ends late: it does not overwrite the newer claim's.
            try await store.finishJob(again, .failed(reply: "550 late"), at: now + 182)
            let current = try #require(try await store.latestInvitation(inviteID: record.invite.id))
            #expect(current.state == .sending && current.attempts == 3)
            #expect(try await Fixture.allEvents(in: store).map(\.name) == [.created])
            #expect(try await store.invite(code: record.invite.code)?.invite.status == .created)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aFailedInvitationIsRetriedOnRequest(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            try await store.setOutboundPlan(.invitations)
            let record = try await Fixture.create(Self.emailRecord(), in: store)
            let code = record.invite.code
            let now = Fixture.start + 10
            #expect(try await store.retryInvitation(code: InviteCodeGenerator().next(), at: now) == .noInvite)
            let queued = try #require(try await store.latestInvitation(inviteID: record.invite.id))
            #expect(try await store.retryInvitation(code: code, at: now) == .notFailed(queued))
            let job = try #require(try await store.claimJobs(kinds: [.invitation], limit: 1, at: now, lease: 60).first)
            try await store.finishJob(job, .failed(reply: "550 5.1.1 <recipient> User unknown"), at: now + 1)
            #expect(try await store.queueStatus().depth == 0)
            // The failure is an event of the invite, for a webhook to tell the sender.
            let events = try await Fixture.allEvents(in: store)
            #expect(events.map(\.name) == [.created, .deliveryFailed])
            #expect(events.last?.inviteID == record.invite.id && events.last?.channel == .email)
            guard case .queued(let retried) = try await store.retryInvitation(code: code, at: now + 100) else {
                Issue.record("the failed invitation was not queued again")
                return
            }
            #expect(retried.id == job.id && retried.messageID == job.messageID && retried.state == .queued)
            #expect(retried.attempts == 0)
            #expect(retried.queuedAt == Milliseconds.date(Milliseconds.from(now + 100)))
            #expect(try await store.queueStatus().depth == 1)
            let claimed = try await store.claimJobs(kinds: [.invitation], limit: 1, at: now + 100, lease: 60)
            #expect(claimed.map(\.id) == [job.id])
        }
    }

    /// Four workers claim 120 jobs in small bites at once: every job is claimed exactly once.
    @Test(arguments: StoreFactory.all)
    func concurrentWorkersClaimEachJobOnce(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            try await store.setOutboundPlan(.invitations)
            let records = (0..<120).map { Self.emailRecord(sender: "u_\($0)", at: Fixture.start) }
            for record in records { try await Fixture.create(record, in: store) }
            let now = Fixture.start + 10
            let claims = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var mine: [Int64] = []
                        while true {
                            let jobs = try await store.claimJobs(kinds: [.invitation], limit: 7, at: now, lease: 600)
                            if jobs.isEmpty { return mine }
                            mine += jobs.map(\.id)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claims.count == 120 && Set(claims).count == 120)
            let status = try await store.queueStatus()
            #expect(status.depth == 120 && status.oldestQueuedAt == Milliseconds.date(Milliseconds.from(Fixture.start)))
        }
    }

    /// Webhooks for an invite's events, of any channel, each with its event, and an invite's
    /// jobs claimed one at a time in their events' order (a later one waits while an earlier one
    /// is pending, even when it falls due first).
    @Test(arguments: StoreFactory.all)
    func webhooksKeepTheirEventAndAnInvitesOrder(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            try await store.setOutboundPlan(.invitations + .webhooks([.opened, .accepted]))
            let record = try await Fixture.create(Fixture.record(), in: store)
            let other = try await Fixture.create(Fixture.record(sender: "u_2"), in: store)
            _ = try await store.update(code: record.invite.code) { _ in [.opened] }
            _ = try await store.update(code: record.invite.code) { _ in [.accepted] }
            _ = try await store.update(code: other.invite.code) { _ in [.opened] }
            // Events without a time of their own on the invite are dated by the clock.
            let now = Date() + 3_600
            let first = try await store.claimJobs(kinds: [.webhook], limit: 10, at: now, lease: 60)
            // The invite's `accepted` waits for its `opened`; the other invite's goes beside it.
            #expect(first.map(\.event) == [.opened, .opened])
            #expect(Set(first.map(\.inviteID)) == [record.invite.id, other.invite.id])
            #expect(try await store.claimJobs(kinds: [.invitation], limit: 10, at: now, lease: 60) == [])
            let mine = try #require(first.first { $0.inviteID == record.invite.id })
            try await store.finishJob(mine, .deferred(reply: "HTTP 500", retryAt: now + 10), at: now)
            #expect(try await store.claimJobs(kinds: [.webhook], limit: 10, at: now + 5, lease: 60) == [])
            let again = try await store.claimJobs(kinds: [.webhook], limit: 10, at: now + 10, lease: 60)
            #expect(again.map(\.id) == [mine.id])
            try await store.finishJob(again[0], .delivered(reply: "HTTP 204"), at: now + 11)
            let next = try await store.claimJobs(kinds: [.webhook], limit: 10, at: now + 11, lease: 60)
            #expect(next.map(\.event) == [.accepted] && next.map(\.inviteID) == [record.invite.id])
            let recent = try await store.recentJobs(kind: .webhook, limit: 2)
            #expect(recent.map(\.event) == [.opened, .accepted])
            #expect(recent.map(\.state) == [.sending, .sending])
            // A delivered webhook does not mark its invite sent.
            #expect(try await store.invite(code: record.invite.code)?.invite.status == record.invite.status)
        }
    }
}
