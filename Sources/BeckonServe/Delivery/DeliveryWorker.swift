import BeckonStore
import Foundation
import ServiceLifecycle
import Synchronization

/// Drains the store's queue of some kinds of job while the server runs: the emails to the SMTP
/// relay (`--smtp`: invitations, and the senders' notices and digests), or the webhooks to the
/// app's backend (`--webhook`). It claims due jobs
/// as it has room (`capacity` at once), attempts each, and records how it went (delivered;
/// deferred on the retry schedule; failed when refused or at the end of the retry period). On
/// shutdown it claims nothing more and lets the jobs in flight finish. Logs name an invite by its
/// id's first eight characters and carry the reply without addresses.
struct DeliveryWorker: Service {
    let store: any InviteStore
    /// What it sends, for its log lines: `email`, `webhook`.
    let name: String
    let kinds: Set<OutboundKind>
    /// Jobs in flight at most.
    let capacity: Int
    /// How long a claim lasts: longer than an attempt can take.
    let lease: TimeInterval

    /// A claim's length for attempts that wait at most `timeout` for an answer: that wait twice,
    /// and time to spare, so a job is claimed again only when its worker is gone.
    static func lease(timeout: Double) -> Double { timeout * 2 + 10 }
    let schedule: RetrySchedule
    /// One attempt at a job.
    let attempt: @Sendable (OutboundJob, Date) async -> DeliveryAttempt
    /// Whether claiming is paused (a webhook endpoint disabled after its run of failures): the
    /// jobs wait in the queue.
    var paused: @Sendable () -> Bool = { false }
    let wake: DeliveryWake
    let metrics: ServeMetrics
    let now: @Sendable () -> Date
    var log: @Sendable (String) -> Void
    /// How often the queue is looked at without a wake.
    var pollInterval: Duration = .milliseconds(250)

    func run() async throws {
        let inFlight = InFlight()
        let ticker = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: pollInterval)
                wake.nudge()
            }
        }
        defer { ticker.cancel() }
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                var reported = ContinuousClock.now - .seconds(2)
                var unreachableSince = ContinuousClock.now - .seconds(120)
                for await _ in wake.stream {
                    if ContinuousClock.now - reported >= .seconds(1) {
                        reported = .now
                        await reportQueue()
                    }
                    while !Task.isCancelled, !paused() {
                        let free = capacity - inFlight.count.withLock { $0 }
                        guard free > 0 else { break }
                        let jobs: [OutboundJob]
                        do {
                            jobs = try await store.claimJobs(kinds: kinds, limit: free, at: now(), lease: lease)
                        } catch {
                            // Once a minute at most while the store is away.
                            if ContinuousClock.now - unreachableSince >= .seconds(60) {
                                unreachableSince = .now
                                log("the \(name) worker could not reach the store")
                            }
                            break
                        }
                        guard !jobs.isEmpty else { break }
                        inFlight.count.withLock { $0 += jobs.count }
                        for job in jobs {
                            group.addTask {
                                // Its own task, not the group's: shutdown cancels the group, and a
                                // job in flight finishes its attempt and is recorded.
                                await Task { await deliver(job) }.value
                                inFlight.count.withLock { $0 -= 1 }
                                wake.nudge()
                            }
                        }
                    }
                }
            }
        }
    }

    /// One attempt and its record. A job past its retry period is failed without an attempt: one
    /// whose attempts never end (its worker dies each time, its claim lapses) stops there too.
    private func deliver(_ job: OutboundJob) async {
        let start = now()
        let attempt: DeliveryAttempt
        if start > job.queuedAt.addingTimeInterval(schedule.period), job.attempts > 1 {
            attempt = .permanent(
                "not delivered within \(Int(schedule.period / 3_600)) h; \(job.lastReply ?? "no reply")")
        } else {
            attempt = await self.attempt(job, start)
        }
        let date = now()
        let result: JobResult
        let outcome: String
        switch attempt {
        case .delivered(let reply):
            (result, outcome) = (.delivered(reply: reply), "delivered")
        case .permanent(let reply):
            (result, outcome) = (.failed(reply: reply), "failed")
        case .transient(let reply):
            if let retryAt = schedule.retryAt(
                attempts: job.attempts, queuedAt: job.queuedAt, at: date, random: Double.random(in: 0..<1))
            {
                (result, outcome) = (.deferred(reply: reply, retryAt: retryAt), "deferred")
            } else {
                let hours = Int(schedule.period / 3_600)
                (result, outcome) = (.failed(reply: "not delivered within \(hours) h; last: \(reply)"), "failed")
            }
        }
        metrics.deliveryAttempt(kind: job.kind.rawValue, outcome: outcome, replyClass: attempt.replyClass)
        if outcome != "delivered" {
            log(
                "\(job.kind.rawValue) of invite \(job.inviteID.uuidString.prefix(8).lowercased())…: \(outcome) (\(result.reply))"
            )
        }
        let recorded: Bool
        do {
            try await store.finishJob(job, result, at: date)
            recorded = true
        } catch {
            recorded = false
        }
        if !recorded { log("the \(name) worker could not record an attempt; the job is tried again") }
    }

    private func reportQueue() async {
        guard let status = try? await store.queueStatus() else { return }
        metrics.queue(
            depth: status.depth, oldestAge: status.oldestQueuedAt.map { max(0, now().timeIntervalSince($0)) } ?? 0)
    }
}

/// How many jobs the worker has in flight, shared with the tasks that attempt them.
private final class InFlight: Sendable {
    let count = Mutex(0)
}

extension JobResult {
    /// The reply recorded with the result.
    var reply: String {
        switch self {
        case .delivered(let reply), .deferred(let reply, _), .failed(let reply): reply
        }
    }
}
