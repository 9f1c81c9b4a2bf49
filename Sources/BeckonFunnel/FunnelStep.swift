/// One step of a group's funnel: the invites that reached a stage out of those that reached the
/// last stage before it with data.
public struct FunnelStep: Hashable, Sendable {
    /// The earlier stage, whose count is the trials.
    public let from: FunnelStage
    /// The later stage, whose count is the successes.
    public let to: FunnelStage
    /// The stages between the two, in funnel order: they have no data, so the step goes over them.
    public let skipped: [FunnelStage]
    /// `to`'s count out of `from`'s: its rate is the step's conversion, its Wilson interval the
    /// conversion's 95 % interval.
    public let proportion: Proportion
}
