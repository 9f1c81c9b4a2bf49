import Foundation

/// When an invite may be sent again: after a cooldown since it was last sent (seed 003 #10: five
/// minutes), with a "Resent (time)" status line.
public struct ResendPolicy: Sendable, Hashable {
    public var cooldown: TimeInterval

    public init(cooldown: TimeInterval) {
        self.cooldown = cooldown
    }

    /// Five minutes.
    public static let standard = ResendPolicy(cooldown: 5 * 60)

    /// Whether a resend is allowed now.
    public enum Decision: Sendable, Hashable {
        case allowed
        case tooSoon(retryAt: Date)
    }

    public func decision(for invite: Invite, at date: Date) -> Decision {
        guard let last = invite.resentAt ?? invite.sentAt else { return .allowed }
        let retryAt = last.addingTimeInterval(cooldown)
        return date >= retryAt ? .allowed : .tooSoon(retryAt: retryAt)
    }

    /// The list row's status: "Resent (14:05)" in the given locale and time zone, "Sent" before
    /// any resend.
    public func statusLine(for invite: Invite, locale: Locale, timeZone: TimeZone) -> String {
        guard let resentAt = invite.resentAt else { return "Sent" }
        var style = Date.FormatStyle(date: .omitted, time: .shortened)
        style.locale = locale
        style.timeZone = timeZone
        return "Resent (\(resentAt.formatted(style)))"
    }
}

/// Why a resend was refused.
public enum ResendError: Error, Hashable, Sendable {
    /// The invite's state does not allow resending (created, accepted, expired, cancelled).
    case notAllowed(InviteTransitionError)
    /// The cooldown has not passed.
    case tooSoon(retryAt: Date)
}
