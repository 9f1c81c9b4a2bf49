import InviteModel

/// Which events put a job in the queue. The store keeps the plan beside the events, and every
/// write that records an event reads it in the same transaction (a trigger of the events
/// table), so a job is never lost between its event and the queue. A server sets the plan it
/// delivers at start; an empty plan queues nothing (a server that delivers no email).
public struct OutboundPlan: Sendable, Hashable {
    /// One event that makes one kind of job.
    public struct Trigger: Sendable, Hashable {
        /// The event that makes the job.
        public var event: InviteEvent.Name
        /// Only events of invites on this channel, or of any channel when `nil`.
        public var channel: InviteChannel?
        /// The job it makes.
        public var kind: OutboundKind

        /// The trigger of `kind` for `event` (on `channel` only, when given).
        public init(event: InviteEvent.Name, channel: InviteChannel?, kind: OutboundKind) {
            self.event = event
            self.channel = channel
            self.kind = kind
        }
    }

    /// Its triggers; an event that matches several makes a job for each.
    public var triggers: [Trigger]

    /// A plan of these triggers.
    public init(_ triggers: [Trigger]) {
        self.triggers = triggers
    }

    /// Nothing is queued.
    public static let none = OutboundPlan([])

    /// A webhook for each of these events of any invite.
    public static func webhooks(_ events: [InviteEvent.Name]) -> OutboundPlan {
        OutboundPlan(events.map { Trigger(event: $0, channel: nil, kind: .webhook) })
    }

    /// Both plans' triggers.
    public static func + (lhs: OutboundPlan, rhs: OutboundPlan) -> OutboundPlan {
        OutboundPlan(lhs.triggers + rhs.triggers)
    }

    /// An email to the sender of each invite that expires, when the sender gave an address (the
    /// trigger makes no job for an invite without one).
    public static let expiryNotices = OutboundPlan([Trigger(event: .expired, channel: nil, kind: .notice)])

    /// The invitation email of each email invite, when it is created and when it is resent.
    public static let invitations = OutboundPlan([
        Trigger(event: .created, channel: .email, kind: .invitation),
        Trigger(event: .resent, channel: .email, kind: .invitation),
    ])
}
