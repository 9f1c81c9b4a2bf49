import BeckonStore
import BeckonStoreSQLite
import Foundation
import InviteModel
import Synchronization
import Testing

@testable import BeckonServe

/// The delivery worker in-process, with its attempts scripted: a deferral tried again on the
/// schedule, and a job past its retry period failed without another attempt (one whose worker
/// died on every try).
@Suite struct DeliveryWorkerTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    /// A store with one email invite's invitation queued at `start`.
    func queued() async throws -> (SQLiteInviteStore, InviteRecord) {
        let store = try SQLiteInviteStore.inMemory()
        try await store.setOutboundPlan(.invitations)
        var record = InviteRecord(
            invite: Invite(
                senderID: "u_1", code: InviteCodeGenerator().next(), context: .generic, channel: .email,
                createdAt: start, expiry: .friend),
            senderFirstName: "Dana", recipient: "kim@example.org")
        guard
            case .created(let stored) = try await store.create(
                record, limit: .friend, idempotencyKey: nil, requestHash: nil)
        else { throw CancellationError() }
        record = stored
        return (store, record)
    }

    /// A worker whose clock runs from `now` as real time passes.
    func worker(
        _ store: SQLiteInviteStore, now: Date, attempt: @escaping @Sendable (OutboundJob, Date) async -> DeliveryAttempt
    ) -> DeliveryWorker {
        DeliveryWorker(
            store: store, name: "email", kinds: [.invitation], capacity: 2, lease: 60,
            schedule: RetrySchedule(first: 0.05, longest: 0.05, period: 86_400, jitter: 0), attempt: attempt,
            wake: DeliveryWake(), metrics: ServeMetrics(),
            now: { [began = Date()] in now + Date().timeIntervalSince(began) },
            log: { _ in },
            pollInterval: .milliseconds(20))
    }

    /// Runs `worker` until the invite's invitation is `state`, or 5 seconds passed.
    func run(
        _ worker: DeliveryWorker, until state: DeliveryState, _ store: SQLiteInviteStore, _ id: UUID
    ) async throws
        -> OutboundJob?
    {
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        for _ in 0..<250 {
            if let job = try await store.latestInvitation(inviteID: id), job.state == state { return job }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try await store.latestInvitation(inviteID: id)
    }

    @Test func aDeferralIsTriedAgainAndDelivered() async throws {
        let (store, record) = try await queued()
        let calls = Mutex(0)
        let worker = worker(store, now: start.addingTimeInterval(1)) { _, _ in
            let call = calls.withLock { count in
                count += 1
                return count
            }
            return call == 1 ? .transient("451 4.3.0 later") : .delivered("250 2.0.0 Ok")
        }
        let job = try await run(worker, until: .delivered, store, record.invite.id)
        #expect(job?.state == .delivered && job?.attempts == 2 && job?.lastReply == "250 2.0.0 Ok")
        #expect(try await store.invite(code: record.invite.code)?.invite.status == .sent)
    }

    @Test func aJobPastItsPeriodFailsWithoutAnotherAttempt() async throws {
        let (store, record) = try await queued()
        // Its first worker claimed it and died: the claim lapses a day and more later.
        _ = try await store.claimJobs(kinds: [.invitation], limit: 1, at: start, lease: 60)
        let calls = Mutex(0)
        let worker = worker(store, now: start.addingTimeInterval(86_400 + 120)) { _, _ in
            calls.withLock { $0 += 1 }
            return .delivered("250")
        }
        let job = try await run(worker, until: .failed, store, record.invite.id)
        #expect(job?.state == .failed && job?.attempts == 2)
        #expect(job?.lastReply?.hasPrefix("not delivered within 24 h") == true)
        #expect(calls.withLock { $0 } == 0)
    }
}
