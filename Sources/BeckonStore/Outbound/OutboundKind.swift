/// What a queued job sends.
public enum OutboundKind: String, Sendable, Hashable, CaseIterable {
    /// The invitation email of an email invite (on its create, and again on a resend).
    case invitation
    /// An event of an invite POSTed to the app's backend (`--webhook`).
    case webhook
    /// An email to the invite's sender about it (its expiry, seed 003 #13), to `senderEmail`.
    case notice
    /// The daily email to a sender listing the invitees who accepted (seed 003 #49): one job per
    /// sender and day, kept on the sender's first such invite (`OutboundJob.coversUntil`).
    case digest

    /// The kinds that are emails to the relay (`--smtp`).
    public static let emails: Set<OutboundKind> = [.invitation, .notice, .digest]
}
