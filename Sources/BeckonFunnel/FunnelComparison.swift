/// Acceptance (accepted out of created) of one arm compared with the control arm's.
public struct FunnelComparison: Hashable, Sendable {
    /// The significance level below which a p-value makes an arm lead.
    public static let significanceLevel = 0.05
    /// The power at which ``FunnelVerdict/tooEarly(neededPerArm:)`` counts the invites needed.
    public static let power = 0.8

    /// The control arm's name.
    public let control: String
    /// The compared arm's name.
    public let arm: String
    /// The test, with the control's acceptance as `a` and the arm's as `b`.
    public let test: TwoProportionTest
    /// Which arm leads, or how many invites per arm it would take to tell.
    public let verdict: FunnelVerdict

    /// Compares the acceptance of `arm` with that of `control`.
    ///
    /// - Parameters:
    ///   - control: The control arm.
    ///   - arm: The arm compared with it.
    /// - Returns: `nil` when either arm's acceptance has no data.
    public init?(control: FunnelGroupReport, arm: FunnelGroupReport) {
        guard let a = control.acceptance, let b = arm.acceptance else { return nil }
        self.control = control.name
        self.arm = arm.name
        test = TwoProportionTest(a: a, b: b)
        if let p = test.pValue, p < Self.significanceLevel, let difference = test.difference {
            verdict = .leads(difference > 0 ? arm.name : control.name)
        } else {
            verdict = .tooEarly(neededPerArm: test.neededPerArm())
        }
    }
}
