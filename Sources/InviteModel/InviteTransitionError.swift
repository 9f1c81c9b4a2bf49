/// Something done to an invite that its state does not allow.
public struct InviteTransitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was attempted.
    public enum Action: String, Sendable, Hashable {
        case send, open, accept, cancel, resend
    }

    public var action: Action
    /// The status the invite was in.
    public var status: InviteStatus

    public var description: String {
        switch status {
        case .expired: "the invite has expired, so it cannot \(action.rawValue)"
        case .cancelled: "the invite was cancelled, so it cannot \(action.rawValue)"
        case .accepted: "the invite was already accepted, so it cannot \(action.rawValue)"
        default: "an invite that is \(status.rawValue) cannot \(action.rawValue)"
        }
    }
}
