import Foundation

/// The invite funnel measured: for each group, every stage's count and step conversion with its
/// 95 % Wilson interval, overall acceptance and the K-factor; with two groups or more, each arm's
/// acceptance tested against the control arm's.
///
/// Render it with ``text()``, ``json()`` or ``html()``.
public struct FunnelReport: Hashable, Sendable {
    /// The confidence level of every interval in the report.
    public static let confidenceLevel = 0.95

    /// What the invites were grouped by (`variant`, `channel`, `locale`, `context`), or `nil` for one group.
    public let dimension: String?
    /// The period's start (inclusive), by the invites' creation; `nil`: open.
    public let from: Date?
    /// The period's end (exclusive), by the invites' creation; `nil`: open.
    public let to: Date?
    /// Every group, in the order the store gave them.
    public let groups: [FunnelGroupReport]
    /// The arm the others are compared with: the group named `control`, else the first by name;
    /// `nil` with fewer than two groups.
    public let control: String?
    /// Each other arm compared with the control, in the groups' order; an arm whose acceptance
    /// (or the control's) has no data is left out.
    public let comparisons: [FunnelComparison]

    /// Measures what the store counted.
    ///
    /// - Parameter counts: The groups of one dimension over a period.
    public init(_ counts: FunnelCounts) {
        dimension = counts.dimension
        from = counts.from
        to = counts.to
        groups = counts.groups.map(FunnelGroupReport.init)
        let groups = self.groups
        guard groups.count > 1,
            let index = groups.firstIndex(where: { $0.name == "control" })
                ?? groups.indices.min(by: { groups[$0].name < groups[$1].name })
        else {
            control = nil
            comparisons = []
            return
        }
        control = groups[index].name
        comparisons = groups.indices.filter { $0 != index }.compactMap {
            FunnelComparison(control: groups[index], arm: groups[$0])
        }
    }
}
