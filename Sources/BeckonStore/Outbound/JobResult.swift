import Foundation

/// How an attempt at a queued job ended.
public enum JobResult: Sendable, Hashable {
    /// The relay took the message; for an invitation, a created invite becomes `sent`.
    case delivered(reply: String)
    /// Try again at `retryAt`.
    case deferred(reply: String, retryAt: Date)
    /// Give up: the job stays `failed` until someone asks for a retry.
    case failed(reply: String)
}
