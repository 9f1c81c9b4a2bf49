import Foundation

/// How long an invite stays valid: 30 days for friend invites (seed 001 R15), 7 days for coach
/// invites (seed 003 #13, #25); any length for a server made to show expiry (`beckon serve
/// --expiry 2m`).
public struct ExpiryPolicy: Sendable, Hashable, Codable {
    /// How long an invite stays valid, in seconds.
    public var duration: TimeInterval

    public init(days: Int) {
        duration = TimeInterval(days) * 86_400
    }

    public init(duration: TimeInterval) {
        self.duration = duration
    }

    /// The length in whole days, rounded up: what messages say (`{days}`).
    public var days: Int { Int((duration / 86_400).rounded(.up)) }

    /// Invites between friends.
    public static let friend = ExpiryPolicy(days: 30)
    /// A coach inviting a client to a course.
    public static let coach = ExpiryPolicy(days: 7)

    /// When an invite created at `date` expires.
    public func expiry(from date: Date) -> Date {
        date.addingTimeInterval(duration)
    }

    /// A length written as a number and a unit: `90s`, `10m`, `2h`, `7d`; `nil` for anything
    /// else, or zero.
    public init?(parsing text: String) {
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0 else { return nil }
        let seconds: TimeInterval? =
            switch unit {
            case "s": 1
            case "m": 60
            case "h": 3_600
            case "d": 86_400
            default: nil
            }
        guard let seconds else { return nil }
        self.init(duration: TimeInterval(count) * seconds)
    }
}
