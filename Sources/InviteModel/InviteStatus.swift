/// Where an invite is in its life (seed 001 §7.1, seed 003 #8–#13, #53).
public enum InviteStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case created
    case sent
    case opened
    case accepted
    case expired
    case cancelled

    /// Accepted, expired and cancelled invites never change again.
    public var isTerminal: Bool {
        switch self {
        case .accepted, .expired, .cancelled: true
        case .created, .sent, .opened: false
        }
    }
}
