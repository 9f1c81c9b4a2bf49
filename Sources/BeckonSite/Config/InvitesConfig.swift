/// `invites:` in beckon.yml: rules `beckon serve` holds new invites to, beyond the sender's limit.
public struct InvitesConfig: Sendable, Hashable {
    /// Whether a sender may have only one pending invite (created, sent or opened, not expired)
    /// to a recipient: a second create for the same address or number is refused with 409,
    /// naming the pending one (seed 003 #3). Off by default.
    public var uniqueRecipient = false

    static let keys = ["uniqueRecipient"]

    /// No rule beyond the limit.
    public init() {}

    init(_ mapping: YAMLReader.Mapping) {
        uniqueRecipient = mapping.bool("uniqueRecipient") ?? false
    }
}
