import Foundation

/// What waits in the queue: for the metrics and the health of delivery.
public struct QueueStatus: Sendable, Hashable {
    /// Jobs not yet delivered or failed.
    public var depth: Int
    /// When the one queued longest was queued, or `nil` when none waits.
    public var oldestQueuedAt: Date?

    /// The queue's status as a store counts it.
    public init(depth: Int, oldestQueuedAt: Date?) {
        self.depth = depth
        self.oldestQueuedAt = oldestQueuedAt
    }
}
