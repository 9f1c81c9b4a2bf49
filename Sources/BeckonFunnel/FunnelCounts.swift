import Foundation

/// A stage of the invite funnel, in the order an invite goes through them.
public enum FunnelStage: String, Sendable, Hashable, CaseIterable, Codable {
    case created
    case sent
    case opened
    case storeClicked = "store_clicked"
    case installed
    case onboardingCompleted = "onboarding_completed"
    case accepted
}

/// One group's counts: invites that reached each stage. A stage absent from `counts` has no data
/// (nothing records it yet), which is not the same as zero.
public struct FunnelGroup: Sendable, Hashable {
    /// The group's value of the dimension (`control`, `whatsapp`, `de-DE`), or `all`.
    public var name: String
    public var counts: [FunnelStage: Int]
    /// Distinct senders of the group's invites, for the K-factor.
    public var senders: Int

    public init(name: String, counts: [FunnelStage: Int], senders: Int) {
        self.name = name
        self.counts = counts
        self.senders = senders
    }
}

/// What the store counted: the groups of one dimension over a period.
public struct FunnelCounts: Sendable, Hashable {
    /// What the invites were grouped by (`variant`, `channel`, `locale`, `context`, `platform`), or `nil` for one group.
    public var dimension: String?
    /// The period's start (inclusive) and end (exclusive), by the invites' creation; `nil`: open.
    public var from: Date?
    public var to: Date?
    public var groups: [FunnelGroup]

    public init(dimension: String?, from: Date?, to: Date?, groups: [FunnelGroup]) {
        self.dimension = dimension
        self.from = from
        self.to = to
        self.groups = groups
    }
}

/// What invites are grouped by in a funnel: an invite's own field.
public enum FunnelDimension: String, Sendable, Hashable, CaseIterable, Codable {
    /// The A/B arm (`share.variants`); `none` for invites outside the experiment.
    case variant
    case channel
    /// The invite's language; `default` for invites created without one.
    case locale
    case context
    /// The device's platform: the install's, else the first event's that names one; `unknown`
    /// for invites no device has touched.
    case platform
}
