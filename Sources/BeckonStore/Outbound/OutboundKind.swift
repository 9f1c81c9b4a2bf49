/// What a queued job sends.
public enum OutboundKind: String, Sendable, Hashable, CaseIterable {
    /// The invitation email of an email invite (on its create, and again on a resend).
    case invitation
    /// An event of an invite POSTed to the app's backend (`--webhook`).
    case webhook
}
