/// An invite and its invitation job made last, as one read of the store saw them
/// (`OutboundQueue.inviteWithInvitation(code:)`).
public struct InviteWithInvitation: Sendable, Hashable {
    /// The invite.
    public var record: InviteRecord
    /// Its invitation job made last, or `nil` when it has none.
    public var invitation: OutboundJob?

    public init(record: InviteRecord, invitation: OutboundJob?) {
        self.record = record
        self.invitation = invitation
    }
}
