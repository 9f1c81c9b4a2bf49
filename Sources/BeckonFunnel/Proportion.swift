/// A count of successes out of a count of trials: invites that reached a stage out of those that
/// reached an earlier one.
public struct Proportion: Hashable, Sendable {
    /// The trials that succeeded.
    public let successes: Int
    /// All trials.
    public let trials: Int

    /// A proportion of `successes` out of `trials`.
    ///
    /// - Parameters:
    ///   - successes: The trials that succeeded.
    ///   - trials: All trials.
    public init(successes: Int, trials: Int) {
        self.successes = successes
        self.trials = trials
    }

    /// Whether the counts make a proportion: at least one trial, and between none and all of them
    /// succeeded. A later funnel stage counted more often than an earlier one (installs credited
    /// without a recorded store click) gives a ratio that is not one.
    public var isProportion: Bool { trials > 0 && (0...trials).contains(successes) }

    /// successes ÷ trials, or `nil` without trials.
    public var rate: Double? {
        trials > 0 ? Double(successes) / Double(trials) : nil
    }

    /// The Wilson score interval of the rate (without continuity correction):
    /// (p̂ + z²/2n ± z·√(p̂(1 − p̂)/n + z²/4n²)) ÷ (1 + z²/n). Unlike p̂ ± z·√(p̂(1 − p̂)/n) it stays
    /// inside 0…1 and has a width when none or all of the trials succeeded; it then starts at
    /// exactly 0 or ends at exactly 1, as the formula does without rounding.
    ///
    /// - Parameter z: The standard normal quantile of the confidence level: 1.959963984540054 for
    ///   95 % (two-sided), 2.5758293035489004 for 99 %.
    /// - Returns: `nil` when the counts are not a proportion (``isProportion``) or `z` is negative or
    ///   not finite.
    public func wilson(confidence z: Double = StandardNormal.quantile975) -> ClosedRange<Double>? {
        guard isProportion, z.isFinite, z >= 0 else { return nil }
        let n = Double(trials)
        let p = Double(successes) / n
        let zSquared = z * z
        let denominator = 1 + zSquared / n
        let centre = (p + zSquared / (2 * n)) / denominator
        let halfWidth = z / denominator * (p * (1 - p) / n + zSquared / (4 * n * n)).squareRoot()
        let low = successes == 0 ? 0 : max(0, centre - halfWidth)
        let high = successes == trials ? 1 : min(1, centre + halfWidth)
        return low...high
    }
}
