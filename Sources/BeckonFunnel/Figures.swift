import Foundation

/// How the text and HTML reports write figures: rates as percentages with one decimal and a space
/// before the sign, intervals after them in parentheses, differences in percentage points.
enum Figures {
    /// What a stage without data shows.
    static let noData = "—"

    /// `0.41234` as `41.2 %`.
    static func percent(_ rate: Double) -> String {
        String(format: "%.1f %%", rate * 100)
    }

    /// A proportion's rate with its 95 % Wilson interval, `41.2 % (38.0–44.5)`; the rate alone
    /// when the counts are not a proportion, and `—` without trials.
    static func rate(_ proportion: Proportion) -> String {
        guard let rate = proportion.rate else { return noData }
        guard let interval = proportion.wilson() else { return percent(rate) }
        return String(format: "%.1f %% (%.1f–%.1f)", rate * 100, interval.lowerBound * 100, interval.upperBound * 100)
    }

    /// A difference of rates in percentage points, with its sign unless `signed` is false:
    /// `+6.0 points`, `−2.5 points`.
    static func points(_ difference: Double, signed: Bool = true) -> String {
        let sign = !signed ? "" : difference > 0 ? "+" : difference < 0 ? "−" : ""
        return sign + String(format: "%.1f points", abs(difference) * 100)
    }

    /// A p-value with four decimals, or `< 0.0001` below that.
    static func pValue(_ p: Double) -> String {
        p < 0.0001 ? "< 0.0001" : String(format: "%.4f", p)
    }

    /// A p-value as a sentence states it: `p = 0.0312`, `p < 0.0001`.
    static func pPhrase(_ p: Double) -> String {
        p < 0.0001 ? "p < 0.0001" : "p = \(pValue(p))"
    }

    /// A K-factor with two decimals.
    static func kFactor(_ k: Double) -> String {
        String(format: "%.2f", k)
    }

    /// A group's name in quotation marks, as the sentences name arms.
    static func quoted(_ name: String) -> String {
        "“\(name)”"
    }
}
