import Foundation

extension FunnelReport {
    /// The report as JSON: UTF-8, keys sorted, indented; numbers as JSON numbers (rates as raw
    /// fractions from 0 to 1, not rounded); a figure that is undefined, and a stage without data,
    /// as `null`, never left out.
    ///
    /// - `dimension`: what the invites were grouped by (`variant`, `channel`, `locale`,
    ///   `context`, `platform`), or `null` for one group.
    /// - `from`, `to`: the period by the invites' creation, start included and end excluded, as
    ///   ISO 8601 UTC times (`2025-01-01T00:00:00Z`); `null` where the period is open.
    /// - `confidenceLevel`: `0.95`, the level of every interval.
    /// - `significanceLevel`: `0.05`, the p-value below which an arm leads.
    /// - `power`: `0.8`, the power of `minimumDetectableEffect` and `neededPerArm`.
    /// - `control`: the name of the arm the others are compared with (the group named `control`,
    ///   else the first by name), or `null` with fewer than two groups.
    /// - `groups`: one object per group, in the store's order:
    ///   - `name`: the group's value of the dimension, or `all`.
    ///   - `senders`: distinct senders of the group's invites.
    ///   - `stages`: all seven stages in funnel order, each `{stage, count}`: `stage` is `created`,
    ///     `sent`, `opened`, `store_clicked`, `installed`, `onboarding_completed` or `accepted`;
    ///     `count` the invites that reached it, `null` when the stage has no data (not zero).
    ///   - `steps`: from each stage with data to the next stage with data, each a proportion
    ///     (below) with `from` and `to` (stage names) and `skipped` (the stages without data in
    ///     between, usually `[]`); `successes` is `to`'s count, `trials` is `from`'s.
    ///   - `acceptance`: accepted out of created, a proportion; `null` when either has no data.
    ///   - `kFactor`: accepted ÷ senders, invites accepted per inviter (each inviter brings K new
    ///     users); `null` without senders or accepted data.
    /// - A proportion has `successes` and `trials` (integers), `rate` (successes ÷ trials; `null`
    ///   without trials; above 1 when a later stage counted more than an earlier one), and `low`
    ///   and `high`, the 95 % Wilson score interval (`null` unless 0 ≤ successes ≤ trials > 0).
    /// - `comparisons`: each other arm's acceptance against the control's, in the groups' order
    ///   (an arm whose acceptance, or the control's, has no data is left out):
    ///   - `control`, `arm`: the two arms' names.
    ///   - `difference`: the arm's acceptance rate − the control's.
    ///   - `z`, `pValue`: the pooled two-proportion z statistic and its two-sided p-value; `null`
    ///     when the pooled rate is 0 or 1.
    ///   - `minimumDetectableEffect`: the smallest difference of rates the current sample sizes
    ///     detect at `significanceLevel` with `power`; `null` when the pooled rate is 0 or 1.
    ///   - `verdict`: `leads` (p-value < `significanceLevel`) or `tooEarly`.
    ///   - `leader`: with `leads`, the arm with the higher acceptance; otherwise `null`.
    ///   - `neededPerArm`: with `tooEarly`, the invites each arm needs to detect the observed
    ///     difference; `null` with `leads`, or when the difference is 0 or undefined.
    /// - `summary`: English sentences saying which arm leads, or why it is too early to tell.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }
}

extension FunnelReport: Encodable {
    private enum CodingKeys: String, CodingKey {
        case dimension, from, to, confidenceLevel, significanceLevel, power, control, groups, comparisons, summary
    }

    /// Encodes the report as ``json()`` documents it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dimension, forKey: .dimension)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(Self.confidenceLevel, forKey: .confidenceLevel)
        try container.encode(FunnelComparison.significanceLevel, forKey: .significanceLevel)
        try container.encode(FunnelComparison.power, forKey: .power)
        try container.encode(control, forKey: .control)
        try container.encode(groups, forKey: .groups)
        try container.encode(comparisons, forKey: .comparisons)
        try container.encode(summary, forKey: .summary)
    }
}

extension FunnelGroupReport: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name, senders, stages, steps, acceptance, kFactor
    }

    private enum StageKeys: String, CodingKey {
        case stage, count
    }

    /// Encodes the group as ``FunnelReport/json()`` documents it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(senders, forKey: .senders)
        var stages = container.nestedUnkeyedContainer(forKey: .stages)
        for stage in FunnelStage.allCases {
            var entry = stages.nestedContainer(keyedBy: StageKeys.self)
            try entry.encode(stage, forKey: .stage)
            try entry.encode(count(stage), forKey: .count)
        }
        try container.encode(steps, forKey: .steps)
        try container.encode(acceptance, forKey: .acceptance)
        try container.encode(kFactor, forKey: .kFactor)
    }
}

extension FunnelStep: Encodable {
    private enum CodingKeys: String, CodingKey {
        case from, to, skipped
    }

    /// Encodes the step as ``FunnelReport/json()`` documents it: its proportion's members beside
    /// `from`, `to` and `skipped`.
    public func encode(to encoder: any Encoder) throws {
        try proportion.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(skipped, forKey: .skipped)
    }
}

extension Proportion: Encodable {
    private enum CodingKeys: String, CodingKey {
        case successes, trials, rate, low, high
    }

    /// Encodes the proportion as ``FunnelReport/json()`` documents it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let interval = wilson()
        try container.encode(successes, forKey: .successes)
        try container.encode(trials, forKey: .trials)
        try container.encode(rate, forKey: .rate)
        try container.encode(interval?.lowerBound, forKey: .low)
        try container.encode(interval?.upperBound, forKey: .high)
    }
}

extension FunnelComparison: Encodable {
    private enum CodingKeys: String, CodingKey {
        case control, arm, difference, z, pValue, minimumDetectableEffect, verdict, leader, neededPerArm
    }

    /// Encodes the comparison as ``FunnelReport/json()`` documents it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(control, forKey: .control)
        try container.encode(arm, forKey: .arm)
        try container.encode(test.difference, forKey: .difference)
        try container.encode(test.z, forKey: .z)
        try container.encode(test.pValue, forKey: .pValue)
        try container.encode(test.minimumDetectableEffect(), forKey: .minimumDetectableEffect)
        switch verdict {
        case .leads(let leader):
            try container.encode("leads", forKey: .verdict)
            try container.encode(leader, forKey: .leader)
            try container.encodeNil(forKey: .neededPerArm)
        case .tooEarly(let needed):
            try container.encode("tooEarly", forKey: .verdict)
            try container.encodeNil(forKey: .leader)
            try container.encode(needed, forKey: .neededPerArm)
        }
    }
}
