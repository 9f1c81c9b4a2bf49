import Foundation

/// When a deferred message is tried again: `first` after its first attempt, twice as long after
/// each further one, never longer than `longest`, each wait spread by ± `jitter` (so messages
/// deferred together do not come back together); given up once the next try would fall more
/// than `period` after it was queued. The default is Postfix's shape: 30 s, doubling to an hour,
/// for a day.
public struct RetrySchedule: Sendable, Hashable {
    /// The wait after the first attempt.
    public var first: TimeInterval
    /// The longest wait between two attempts.
    public var longest: TimeInterval
    /// How long after being queued a job is still tried.
    public var period: TimeInterval
    /// The spread, as a fraction of the wait (0.2: ± 20 %).
    public var jitter: Double

    /// The default is 30 s, doubling to an hour, for a day, ± 20 %.
    public init(
        first: TimeInterval = 30, longest: TimeInterval = 3_600, period: TimeInterval = 86_400, jitter: Double = 0.2
    ) {
        self.first = first
        self.longest = longest
        self.period = period
        self.jitter = jitter
    }

    /// When to try again after `attempts` attempts ended at `date`, or `nil` to give up.
    /// - Parameter random: A number in `0..<1` that places the wait within its spread.
    public func retryAt(attempts: Int, queuedAt: Date, at date: Date, random: Double) -> Date? {
        let doubling = pow(2, Double(min(max(attempts - 1, 0), 30)))
        let wait = min(longest, first * doubling) * (1 + jitter * (2 * random - 1))
        let next = date.addingTimeInterval(wait)
        return next <= queuedAt.addingTimeInterval(period) ? next : nil
    }
}
