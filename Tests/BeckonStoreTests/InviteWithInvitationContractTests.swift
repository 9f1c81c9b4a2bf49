import BeckonStore
import Foundation
import InviteModel
import Testing

/// An invite read together with its invitation job: one snapshot, so a delivery committed while
/// the API reads never shows a delivered job beside an invite that is not yet sent.
@Suite struct InviteWithInvitationContractTests {
    @Test(arguments: StoreFactory.all)
    func anInviteIsReadWithItsLatestInvitation(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            try await store.setOutboundPlan(.invitations)
            #expect(try await store.inviteWithInvitation(code: InviteCodeGenerator().next()) == nil)
            let whatsapp = try await Fixture.create(Fixture.record(), in: store)
            let none = try #require(try await store.inviteWithInvitation(code: whatsapp.invite.code))
            #expect(none.record.invite.id == whatsapp.invite.id && none.invitation == nil)

            let email = try await Fixture.create(OutboundQueueContractTests.emailRecord(), in: store)
            let queued = try #require(try await store.inviteWithInvitation(code: email.invite.code))
            #expect(queued.record.invite.status == .created)
            #expect(queued.invitation == (try await store.latestInvitation(inviteID: email.invite.id)))
            #expect(queued.invitation?.state == .queued)

            let now = Fixture.start + 10
            let job = try #require(try await store.claimJobs(kinds: [.invitation], limit: 1, at: now, lease: 60).first)
            try await store.finishJob(job, .delivered(reply: "250 2.0.0 Ok"), at: now + 1)
            let sent = try #require(try await store.inviteWithInvitation(code: email.invite.code))
            #expect(sent.record.invite.status == .sent && sent.invitation?.state == .delivered)

            _ = try await store.update(code: email.invite.code) { _ in [.resent] }
            let resent = try #require(try await store.inviteWithInvitation(code: email.invite.code))
            #expect(resent.invitation?.state == .queued && resent.invitation?.id != job.id)
        }
    }

    /// Deliveries committed while another task reads: every read sees a delivered job only beside
    /// an invite already sent (the same transaction makes both).
    @Test(arguments: StoreFactory.all)
    func readsWhileDeliveriesCommitNeverSeeHalfOfOne(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            try await store.setOutboundPlan(.invitations)
            var codes: [InviteCode] = []
            for index in 0..<40 {
                let record = OutboundQueueContractTests.emailRecord(at: Fixture.start + Double(index))
                codes.append(try await Fixture.create(record, in: store).invite.code)
            }
            let now = Fixture.start + 100
            let jobs = try await store.claimJobs(kinds: [.invitation], limit: 100, at: now, lease: 600)
            #expect(jobs.count == codes.count)
            let deliveries = Task {
                for job in jobs { try await store.finishJob(job, .delivered(reply: "250 2.0.0 Ok"), at: now + 1) }
            }
            var reads = 0
            var halves: [String] = []
            var delivered = 0
            // Bounded, so a delivery that fails ends the test instead of hanging it.
            let deadline = ContinuousClock.now + .seconds(60)
            while delivered < codes.count, ContinuousClock.now < deadline {
                delivered = 0
                for code in codes {
                    let found = try #require(try await store.inviteWithInvitation(code: code))
                    reads += 1
                    guard found.invitation?.state == .delivered else { continue }
                    delivered += 1
                    if found.record.invite.status != .sent { halves.append(code.rawValue) }
                }
            }
            try await deliveries.value
            #expect(delivered == codes.count, "not every delivery was read as delivered in time")
            #expect(halves.isEmpty, "\(halves.count) of \(reads) reads saw a delivered job beside an unsent invite")
        }
    }
}
