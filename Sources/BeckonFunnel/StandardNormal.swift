import Foundation

/// The standard normal distribution's values the funnel's statistics use.
public enum StandardNormal {
    /// z₀.₉₇₅ = 1.959963984540054: the half-width, in standard errors, of a two-sided 95 % interval,
    /// and the critical value of a two-sided test at significance α = 0.05.
    public static let quantile975 = 1.959963984540054

    /// z₀.₈ = 0.8416212335729143: the standard errors a difference must lie beyond the critical
    /// value to be detected with power 1 − β = 0.8.
    public static let quantile80 = 0.8416212335729143

    /// The probability of a standard normal value at least `|z|` away from 0 on either side,
    /// erfc(|z| / √2), which keeps its precision far into the tails where 1 − Φ(|z|) would round to 0.
    static func twoSidedPValue(_ z: Double) -> Double {
        erfc(abs(z) / 2.0.squareRoot())
    }
}
