import Foundation

/// One message the server hands on for an invite, kept in the store's queue until it is
/// delivered or given up: made in the transaction of the event that asks for it (see
/// `OutboundPlan`), claimed by a worker, attempted until the relay takes it.
public struct OutboundJob: Sendable, Hashable, Identifiable {
    /// The job's number in the queue.
    public var id: Int64
    /// What it sends.
    public var kind: OutboundKind
    /// The invite it is about.
    public var inviteID: UUID
    /// The event that made it (`invite_accepted` for a webhook), or `nil` for a job made
    /// before the queue kept it.
    public var event: InviteEvent.Name?
    /// The local part of the message's `Message-ID` (a random hex string drawn when the job is
    /// made): the same across every attempt, so a relay or a reader sees one message.
    public var messageID: String
    /// Where it stands.
    public var state: DeliveryState
    /// Attempts started, counting one in progress.
    public var attempts: Int
    /// When it was queued (its event's time, or a retry's): its retry period starts then.
    public var queuedAt: Date
    /// When a worker may claim it next: for a job being sent, when its claim lapses.
    public var dueAt: Date
    /// When its state last changed.
    public var updatedAt: Date
    /// The relay's last reply (or what kept the relay from replying), without addresses.
    public var lastReply: String?
    /// For a digest, the end of the day it covers (the invites its sender had accepted since the
    /// digest hour before it: `DigestConfig.day(until:)`).
    public var coversUntil: Date?

    /// A job as a store reads it.
    public init(
        id: Int64, kind: OutboundKind, inviteID: UUID, event: InviteEvent.Name? = nil, messageID: String,
        state: DeliveryState, attempts: Int,
        queuedAt: Date, dueAt: Date, updatedAt: Date, lastReply: String?, coversUntil: Date? = nil
    ) {
        self.id = id
        self.kind = kind
        self.inviteID = inviteID
        self.event = event
        self.messageID = messageID
        self.state = state
        self.attempts = attempts
        self.queuedAt = queuedAt
        self.dueAt = dueAt
        self.updatedAt = updatedAt
        self.lastReply = lastReply
        self.coversUntil = coversUntil
    }
}
