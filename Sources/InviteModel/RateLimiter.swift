import Foundation

/// Per-sender invite limits over a rolling window: 50 a day for friends (seed 001 §7.3, §8), 100
/// per 24 hours for coaches (seed 003 #12). Over the limit, an invite service answers HTTP 429.
public struct RateLimit: Sendable, Hashable {
    public var limit: Int
    public var window: TimeInterval

    public init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    public static let friend = RateLimit(limit: 50, window: 86_400)
    public static let coach = RateLimit(limit: 100, window: 86_400)
}

/// The answer to "may this sender invite now?".
public enum RateLimitDecision: Sendable, Hashable {
    case allowed(remaining: Int)
    /// HTTP 429 Too Many Requests, with the moment a slot frees up (for `Retry-After`).
    case limited(retryAt: Date)

    public var httpStatus: Int {
        if case .limited = self { return 429 }
        return 200
    }

    /// Seconds to put in `Retry-After`, rounded up.
    public func retryAfter(from date: Date) -> Int? {
        guard case .limited(let retryAt) = self else { return nil }
        return max(1, Int(retryAt.timeIntervalSince(date).rounded(.up)))
    }
}

/// Counts each sender's invites in memory (value type; persist it where the service keeps state).
public struct RateLimiter: Sendable, Hashable {
    public let limit: RateLimit
    private var history: [String: [Date]] = [:]

    public init(limit: RateLimit) {
        self.limit = limit
    }

    /// Records an invite if the sender is under the limit; otherwise records nothing.
    public mutating func record(sender: String, at date: Date) -> RateLimitDecision {
        let start = date.addingTimeInterval(-limit.window)
        var recent = (history[sender] ?? []).filter { $0 > start }
        guard recent.count < limit.limit else {
            history[sender] = recent
            return .limited(retryAt: recent.min()!.addingTimeInterval(limit.window))
        }
        recent.append(date)
        history[sender] = recent
        return .allowed(remaining: limit.limit - recent.count)
    }
}
