/// What a comparison of acceptance between an arm and the control says.
public enum FunnelVerdict: Hashable, Sendable {
    /// The named arm has the higher acceptance, and the difference is significant (p < 0.05).
    case leads(String)
    /// The difference is not significant yet. `neededPerArm` is the invites each arm needs to
    /// detect the observed difference with 80 % power at α = 0.05, or `nil` when the difference
    /// is 0 or undefined.
    case tooEarly(neededPerArm: Int?)
}
