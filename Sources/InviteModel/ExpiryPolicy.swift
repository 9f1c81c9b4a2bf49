import Foundation

/// How long an invite stays valid: 30 days for friend invites (seed 001 R15), 7 days for coach
/// invites (seed 003 #13, #25).
public struct ExpiryPolicy: Sendable, Hashable, Codable {
    public var days: Int

    public init(days: Int) {
        self.days = days
    }

    /// Invites between friends.
    public static let friend = ExpiryPolicy(days: 30)
    /// A coach inviting a client to a course.
    public static let coach = ExpiryPolicy(days: 7)

    /// When an invite created at `date` expires.
    public func expiry(from date: Date) -> Date {
        date.addingTimeInterval(TimeInterval(days) * 86_400)
    }
}
