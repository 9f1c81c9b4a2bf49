import Foundation

/// The invite state machine: created → sent → opened → accepted; created, sent or opened →
/// cancelled; any of those → expired once `expiresAt` has passed. Terminal states never change.
extension Invite {
    /// The statuses each action may start from.
    static let allowedSources: [InviteTransitionError.Action: Set<InviteStatus>] = [
        .send: [.created],
        .open: [.sent],
        .accept: [.opened],
        .cancel: [.created, .sent, .opened],
        .resend: [.sent, .opened],
    ]

    /// Marks the invite shared through its channel.
    public mutating func markSent(at date: Date) throws(InviteTransitionError) {
        try transition(.send, at: date) {
            $0.status = .sent; $0.sentAt = Timestamp.rounded(date)
        }
    }

    /// Marks the invite's link opened by the invitee.
    public mutating func markOpened(at date: Date) throws(InviteTransitionError) {
        try transition(.open, at: date) {
            $0.status = .opened; $0.openedAt = Timestamp.rounded(date)
        }
    }

    /// Marks the invite accepted by the invitee with this opaque user id.
    public mutating func accept(by inviteeID: String, at date: Date) throws(InviteTransitionError) {
        try transition(.accept, at: date) {
            $0.status = .accepted
            $0.inviteeID = inviteeID
            $0.acceptedAt = Timestamp.rounded(date)
        }
    }

    /// Cancels the invite before it is accepted; its link then answers 410 Gone (seed 003 #53).
    public mutating func cancel(at date: Date) throws(InviteTransitionError) {
        try transition(.cancel, at: date) {
            $0.status = .cancelled; $0.cancelledAt = Timestamp.rounded(date)
        }
    }

    /// Records a resend, which the resend policy must allow (seed 003 #10).
    public mutating func resend(at date: Date, policy: ResendPolicy = .standard) throws(ResendError) {
        do {
            try transition(.resend, at: date) { _ in }
        } catch {
            throw .notAllowed(error)
        }
        if case .tooSoon(let retryAt) = policy.decision(for: self, at: date) { throw .tooSoon(retryAt: retryAt) }
        resentAt = Timestamp.rounded(date)
    }

    /// Moves an invite past its expiry to `expired`; returns whether it changed.
    @discardableResult
    public mutating func expireIfNeeded(at date: Date) -> Bool {
        guard !status.isTerminal, date >= expiresAt else { return false }
        status = .expired
        return true
    }

    /// What the invite's link shows at a moment. A link past its expiry shows the expired page
    /// even if nobody has updated the status yet.
    public func resolve(at date: Date) -> LinkResolution {
        switch status {
        case .accepted: return .alreadyAccepted
        case .cancelled: return .gone
        case .expired: return .expired
        case .created, .sent, .opened: return date >= expiresAt ? .expired : .landing
        }
    }

    private mutating func transition(
        _ action: InviteTransitionError.Action, at date: Date, apply: (inout Invite) -> Void
    ) throws(InviteTransitionError) {
        expireIfNeeded(at: date)
        guard Self.allowedSources[action]?.contains(status) == true else {
            throw InviteTransitionError(action: action, status: status)
        }
        apply(&self)
    }
}
