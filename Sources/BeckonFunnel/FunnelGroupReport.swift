/// One group's funnel measured: its counts, the conversion of each step between stages with data,
/// its overall acceptance and its K-factor.
public struct FunnelGroupReport: Hashable, Sendable {
    /// The group's value of the dimension (`control`, `whatsapp`, `de-DE`), or `all`.
    public let name: String
    /// The invites that reached each stage; a stage absent has no data, which is not zero.
    public let counts: [FunnelStage: Int]
    /// Distinct senders of the group's invites.
    public let senders: Int
    /// A step from each stage with data to the next stage with data, in funnel order.
    public let steps: [FunnelStep]
    /// Accepted out of created, or `nil` when either stage has no data.
    public let acceptance: Proportion?
    /// Invites accepted per sender, accepted ÷ senders: each inviter brings K new users. `nil` when
    /// there are no senders or acceptance has no data.
    public let kFactor: Double?

    /// Measures one group's counts.
    ///
    /// - Parameter group: The group as the store counted it.
    public init(_ group: FunnelGroup) {
        name = group.name
        counts = group.counts
        senders = group.senders
        var steps: [FunnelStep] = []
        var last: (stage: FunnelStage, count: Int)?
        var skipped: [FunnelStage] = []
        for stage in FunnelStage.allCases {
            guard let count = group.counts[stage] else {
                if last != nil { skipped.append(stage) }
                continue
            }
            if let last {
                steps.append(
                    FunnelStep(
                        from: last.stage, to: stage, skipped: skipped,
                        proportion: Proportion(successes: count, trials: last.count)))
            }
            last = (stage, count)
            skipped = []
        }
        self.steps = steps
        let accepted = group.counts[.accepted]
        if let created = group.counts[.created], let accepted {
            acceptance = Proportion(successes: accepted, trials: created)
        } else {
            acceptance = nil
        }
        kFactor = accepted.flatMap { group.senders > 0 ? Double($0) / Double(group.senders) : nil }
    }

    /// The invites that reached `stage`, or `nil` when it has no data.
    ///
    /// - Parameter stage: The stage.
    public func count(_ stage: FunnelStage) -> Int? {
        counts[stage]
    }
}
