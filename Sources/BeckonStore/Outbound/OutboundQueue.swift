import Foundation
import InviteModel

/// The durable queue of messages a server hands on (invitation emails to an SMTP relay), kept in
/// the invite store: jobs are made by the events the plan names, in the events' transactions;
/// workers claim due jobs (several servers on one database share the queue, each job claimed by
/// one at a time) and record each attempt's result. A worker that dies mid-send leaves its claim
/// to lapse, and the job is claimed again: a message is delivered at least once.
public protocol OutboundQueue: Sendable {
    /// Replaces the plan of which events make jobs.
    func setOutboundPlan(_ plan: OutboundPlan) async throws(StoreError)

    /// The plan kept now.
    func outboundPlan() async throws(StoreError) -> OutboundPlan

    /// Claims up to `limit` jobs of `kinds` that are due at `date` (queued or deferred, or sending
    /// with a claim that lapsed), oldest due first: each becomes `sending`, its attempts counted,
    /// claimed until `date + lease`. A job waits while an earlier job of the same kind for the
    /// same invite is pending, so an invite's jobs go out in the order their events happened.
    func claimJobs(
        kinds: Set<OutboundKind>, limit: Int, at date: Date, lease: TimeInterval
    ) async throws(StoreError) -> [OutboundJob]

    /// Records how a claimed job's attempt ended, at `date`. A delivered invitation moves its
    /// invite from `created` to `sent` (with its `invite_sent` event) in the same transaction. A
    /// deferral or failure counts only for the claim it came from (`job.attempts`): an attempt
    /// whose claim lapsed and was taken again does not overwrite the newer one.
    func finishJob(_ job: OutboundJob, _ result: JobResult, at date: Date) async throws(StoreError)

    /// Puts the invitation of the invite with `code` back in the queue when its last one failed
    /// (seed 003's "Error – Retry"): due at `date`, the same `Message-ID`, a new retry period
    /// with its attempts counted from 0 (so its waits start short again).
    /// - Returns: The job as queued again; `.noInvite` or `.notFailed` when there is none to retry.
    func retryInvitation(code: InviteCode, at date: Date) async throws(StoreError) -> RetryOutcome

    /// The invitation job of an invite made last, or `nil` when it has none.
    func latestInvitation(inviteID: UUID) async throws(StoreError) -> OutboundJob?

    /// The invite with `code` and its invitation job made last (`nil` when it has none), read in
    /// one snapshot: a delivery that commits in between never shows as a delivered job beside an
    /// invite that is not yet sent. `nil` when no invite has the code.
    func inviteWithInvitation(code: InviteCode) async throws(StoreError) -> InviteWithInvitation?

    /// Queues the digests of the day `from ..< until` (seed 003 #49): one job per sender who gave
    /// an address and whose invites were accepted in it, kept on the sender's first such invite
    /// (by id: its address and language are the digest's). Made once per sender and day (its
    /// `until`) however many servers ask.
    /// - Returns: How many digests were queued now.
    func queueDigests(from: Date, until: Date, at date: Date) async throws(StoreError) -> Int

    /// The invites of `senderID` accepted in `from ..< until`, in the order they were accepted.
    func acceptedInvites(senderID: String, from: Date, until: Date) async throws(StoreError) -> [InviteRecord]

    /// How many jobs wait and since when.
    func queueStatus() async throws(StoreError) -> QueueStatus

    /// The jobs of `kind` made last, newest first, at most `limit`.
    func recentJobs(kind: OutboundKind, limit: Int) async throws(StoreError) -> [OutboundJob]
}

/// What `OutboundQueue.retryInvitation` did.
public enum RetryOutcome: Sendable, Hashable {
    /// The failed job, queued again.
    case queued(OutboundJob)
    /// No invite has the code.
    case noInvite
    /// The invite's last invitation did not fail (or it has none): this one, if any.
    case notFailed(OutboundJob?)
}
