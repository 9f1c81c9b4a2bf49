import BeckonSite
import BeckonStore
import BeckonStoreSQLite
import Foundation
import InviteModel
import Testing

@testable import BeckonServe

/// The digest schedule in-process, on a clock set by the test: a day's digests are queued only
/// once the hour and its grace have passed, once however often the schedule looks, and the day
/// covered runs from the hour before.
@Suite struct DigestScheduleTests {
    /// 2026-03-28 12:00 UTC.
    let noon = Date(timeIntervalSince1970: 1_774_699_200)

    /// An accepted email invite of `sender` with an address, accepted at `date`.
    func accepted(_ store: SQLiteInviteStore, sender: String, at date: Date) async throws {
        let record = InviteRecord(
            invite: Invite(
                senderID: sender, code: InviteCodeGenerator().next(), context: .generic, channel: .email,
                createdAt: date.addingTimeInterval(-60), expiry: .friend),
            senderFirstName: "Dana", recipient: "kim@example.org", inviteeFirstName: "Kim",
            senderEmail: "dana@coach.example", senderLanguage: "en-US")
        guard
            case .created(let stored) = try await store.create(
                record, limit: .friend, idempotencyKey: nil, requestHash: nil)
        else { throw CancellationError() }
        _ = try await store.update(code: stored.invite.code) { record in
            try record.invite.markSent(at: date)
            try record.invite.markOpened(at: date)
            try record.invite.accept(by: "u_client", at: date)
            return [.sent, .opened, .accepted]
        }
    }

    /// Runs the schedule with its clock at `now` until the store holds `count` digest jobs (or 5
    /// seconds passed), and a few more looks after that; returns the digest jobs.
    func run(
        _ store: SQLiteInviteStore, config: DigestConfig, at now: Date, until count: Int
    ) async throws -> [OutboundJob] {
        let schedule = DigestSchedule(
            store: store, config: config, wake: DeliveryWake(), now: { now }, log: { _ in },
            interval: .milliseconds(10))
        let running = Task { try await schedule.run() }
        for _ in 0..<500 where try await store.recentJobs(kind: .digest, limit: 10).count < count {
            try await Task.sleep(for: .milliseconds(10))
        }
        try await Task.sleep(for: .milliseconds(100))
        running.cancel()
        _ = try? await running.value
        return try await store.recentJobs(kind: .digest, limit: 10)
    }

    @Test func aDayIsQueuedOnceAfterItsHourAndGrace() async throws {
        let store = try SQLiteInviteStore.inMemory()
        let config = DigestConfig(hour: 18, timeZone: try #require(TimeZone(identifier: "UTC")))
        let sixPM = noon.addingTimeInterval(6 * 3_600)
        try await accepted(store, sender: "coach_1", at: sixPM.addingTimeInterval(-3_600))
        try await accepted(store, sender: "coach_1", at: sixPM.addingTimeInterval(-7_200))
        try await accepted(store, sender: "coach_2", at: sixPM.addingTimeInterval(-25 * 3_600))
        try await accepted(store, sender: "coach_3", at: sixPM.addingTimeInterval(60))

        // Before the hour's grace has passed: yesterday's day, whose one accept was coach 2's.
        let early = try await run(store, config: config, at: sixPM.addingTimeInterval(120), until: 1)
        #expect(early.count == 1 && early.first?.coversUntil == sixPM.addingTimeInterval(-86_400))
        // After it: today's, one digest for coach 1 (two accepts); coach 3's accept is tomorrow's.
        let later = try await run(store, config: config, at: sixPM.addingTimeInterval(301), until: 2)
        #expect(later.count == 2)
        let today = try #require(later.first { $0.coversUntil == sixPM })
        let invites = try await store.acceptedInvites(
            senderID: "coach_1", from: config.day(until: sixPM).lowerBound, until: sixPM)
        #expect(invites.count == 2 && invites.contains { $0.invite.id == today.inviteID })
        // Looked at again and again: nothing more.
        #expect(try await run(store, config: config, at: sixPM.addingTimeInterval(900), until: 3).count == 2)
    }
}
