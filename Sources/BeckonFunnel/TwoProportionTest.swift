import Foundation

/// Two proportions compared: the difference of their rates, the pooled two-sided z-test of that
/// difference, and the smallest difference samples of their sizes can detect.
///
/// Every figure is `nil` where it is undefined, never NaN: when either side is not a proportion
/// (``Proportion/isProportion``: no trials, say), and, for the test and the detectable difference,
/// when the pooled rate is 0 or 1 (nothing or everything succeeded on both sides, so there is no
/// variation to test against).
public struct TwoProportionTest: Hashable, Sendable {
    /// The baseline (the control arm).
    public let a: Proportion
    /// The proportion compared with the baseline.
    public let b: Proportion

    /// A comparison of `b` with the baseline `a`.
    ///
    /// - Parameters:
    ///   - a: The baseline (the control arm).
    ///   - b: The proportion compared with it.
    public init(a: Proportion, b: Proportion) {
        self.a = a
        self.b = b
    }

    /// b's rate − a's rate: positive when b does better.
    public var difference: Double? {
        guard a.isProportion, b.isProportion, let rateA = a.rate, let rateB = b.rate else { return nil }
        return rateB - rateA
    }

    /// p̄ = (successesA + successesB) ÷ (trialsA + trialsB): the rate both would share if they did not differ.
    public var pooledRate: Double? {
        guard a.isProportion, b.isProportion else { return nil }
        return Double(a.successes + b.successes) / Double(a.trials + b.trials)
    }

    /// The difference's standard error if both shared the pooled rate: √(p̄(1 − p̄)(1/nA + 1/nB)).
    public var standardError: Double? {
        guard let pooled = pooledRate, pooled > 0, pooled < 1 else { return nil }
        return (pooled * (1 - pooled) * (1 / Double(a.trials) + 1 / Double(b.trials))).squareRoot()
    }

    /// The test statistic: difference ÷ standard error.
    public var z: Double? {
        guard let difference, let standardError else { return nil }
        return difference / standardError
    }

    /// The two-sided p-value: the probability of a difference at least this large either way if
    /// both shared the pooled rate, erfc(|z| / √2).
    public var pValue: Double? {
        z.map(StandardNormal.twoSidedPValue)
    }

    /// The smallest absolute difference of rates that samples of the current sizes detect, around
    /// the pooled rate: (z₁₋α/₂ + z₁₋β) · √(p̄(1 − p̄)(1/nA + 1/nB)).
    ///
    /// - Parameters:
    ///   - zAlpha: z₁₋α/₂, the two-sided critical value; the default is α = 0.05.
    ///   - zPower: z₁₋β, the quantile of the power; the default is power 0.8.
    public func minimumDetectableEffect(
        zAlpha: Double = StandardNormal.quantile975, zPower: Double = StandardNormal.quantile80
    ) -> Double? {
        standardError.map { (zAlpha + zPower) * $0 }
    }

    /// The invites each arm needs, both arms equal, for the observed difference to be the minimum
    /// detectable effect: ⌈2 · p̄(1 − p̄) · (z₁₋α/₂ + z₁₋β)² ÷ difference²⌉, p̄ the pooled rate.
    ///
    /// - Parameters:
    ///   - zAlpha: z₁₋α/₂, the two-sided critical value; the default is α = 0.05.
    ///   - zPower: z₁₋β, the quantile of the power; the default is power 0.8.
    /// - Returns: `nil` when the difference is 0 (no sample detects it) or undefined, or when the
    ///   sample would not fit an `Int`.
    public func neededPerArm(
        zAlpha: Double = StandardNormal.quantile975, zPower: Double = StandardNormal.quantile80
    ) -> Int? {
        guard let difference, difference != 0, let pooled = pooledRate else { return nil }
        let z = zAlpha + zPower
        let needed = (2 * pooled * (1 - pooled) * z * z / (difference * difference)).rounded(.up)
        return Int(exactly: needed)
    }
}
