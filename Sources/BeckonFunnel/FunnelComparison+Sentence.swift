extension FunnelComparison {
    /// In one English sentence, which arm leads on acceptance, or why it is too early to tell and
    /// how many invites per arm it would take.
    public var sentence: String {
        let (a, b) = (test.a, test.b)
        let armName = Figures.quoted(arm)
        let controlName = Figures.quoted(control)
        guard let difference = test.difference, let rateA = a.rate, let rateB = b.rate else {
            return "\(armName) cannot be compared with \(controlName) yet: acceptance needs invites created in both, "
                + "and no more accepted than created."
        }
        let p = test.pValue.map { ", \(Figures.pPhrase($0))" } ?? ""
        switch verdict {
        case .leads:
            let (leader, other) = difference > 0 ? (armName, controlName) : (controlName, armName)
            let (high, low) = (max(rateA, rateB), min(rateA, rateB))
            return "\(leader) leads \(other): acceptance \(Figures.percent(high)) against \(Figures.percent(low)) "
                + "(\(Figures.points(high - low))\(p)); the sample is large enough to tell."
        case .tooEarly(let needed?):
            let measured =
                "acceptance \(Figures.percent(rateB)) for \(armName) against \(Figures.percent(rateA)) for "
                + "\(controlName) (\(Figures.points(difference))\(p))"
            return "Too early to tell \(armName) from \(controlName): \(measured); a difference this size needs "
                + "about \(needed) invites per arm to show (now \(b.trials) and \(a.trials))."
        case .tooEarly(nil):
            let detectable = test.minimumDetectableEffect().map {
                "; at these sizes only a difference of \(Figures.points($0, signed: false)) or more would show"
            }
            return "No difference between \(armName) and \(controlName) so far: acceptance is "
                + "\(Figures.percent(rateA)) in both\(detectable ?? "")."
        }
    }
}
