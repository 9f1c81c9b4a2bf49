import BeckonFunnel

/// Funnel counts of scripted populations: every arm's invites go through the stages at fixed
/// rates, so a test knows every count in advance.
enum Population {
    /// The share of created invites that reach each stage in the control arm: 20 % accepted.
    static let controlRates: [FunnelStage: Double] = [
        .created: 1, .sent: 0.99, .opened: 0.70, .storeClicked: 0.50, .installed: 0.35, .onboardingCompleted: 0.28,
        .accepted: 0.20,
    ]

    /// The share of created invites that reach each stage in the `context-rich` arm: 26 % accepted.
    static let contextRichRates: [FunnelStage: Double] = [
        .created: 1, .sent: 0.99, .opened: 0.76, .storeClicked: 0.58, .installed: 0.42, .onboardingCompleted: 0.34,
        .accepted: 0.26,
    ]

    /// A group of `invites` created invites reaching each stage at `rates`, from one sender per
    /// `invitesPerSender` invites, leaving out the stages in `withoutData`.
    static func group(
        _ name: String, invites: Int, rates: [FunnelStage: Double], invitesPerSender: Int = 4,
        withoutData: Set<FunnelStage> = []
    ) -> FunnelGroup {
        var counts: [FunnelStage: Int] = [:]
        for (stage, rate) in rates where !withoutData.contains(stage) {
            counts[stage] = Int((Double(invites) * rate).rounded())
        }
        return FunnelGroup(name: name, counts: counts, senders: invites / invitesPerSender)
    }

    /// Two arms of `invites` each by variant: `control` (20 % accepted) and `context-rich` (26 %).
    static func twoArms(invites: Int) -> FunnelCounts {
        FunnelCounts(
            dimension: "variant", from: nil, to: nil,
            groups: [
                group("control", invites: invites, rates: controlRates),
                group("context-rich", invites: invites, rates: contextRichRates),
            ])
    }
}
