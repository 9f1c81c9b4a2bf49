/// Where a queued message stands.
public enum DeliveryState: String, Sendable, Hashable, CaseIterable {
    /// Waiting for its first attempt.
    case queued
    /// Claimed by a worker, being handed to the relay.
    case sending
    /// The relay took it (a 250 to the end of its data).
    case delivered
    /// The last attempt failed for a reason that may pass (a 4xx, no answer); tried again later.
    case deferred
    /// The relay refused it (a 5xx), or it could not be delivered within the retry period.
    case failed

    /// Whether a worker may still claim it.
    public var isPending: Bool { self == .queued || self == .sending || self == .deferred }
}
