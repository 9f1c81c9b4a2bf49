import Foundation

extension FunnelReport {
    /// The report's heading: `Invite funnel by variant`, or `Invite funnel` without a dimension.
    public var title: String {
        dimension.map { "Invite funnel by \($0)" } ?? "Invite funnel"
    }

    /// The period in words, with the end excluded and the times in UTC (ISO 8601).
    public var period: String {
        switch (from, to) {
        case (let from?, let to?):
            "Invites created from \(from.formatted(.iso8601)) up to \(to.formatted(.iso8601))."
        case (let from?, nil): "Invites created from \(from.formatted(.iso8601)) on."
        case (nil, let to?): "Invites created before \(to.formatted(.iso8601))."
        case (nil, nil): "All invites."
        }
    }

    /// In English sentences, for each arm compared with the control, which arm leads on acceptance
    /// or why it is too early to tell (``FunnelComparison/sentence``), then each arm that cannot be
    /// compared; one sentence saying so when there is nothing to compare.
    public var summary: [String] {
        guard let control else {
            return [groups.isEmpty ? "No invites were counted." : "One group only: there are no arms to compare."]
        }
        let compared = Set(comparisons.map(\.arm))
        let uncompared = groups.filter { $0.name != control && !compared.contains($0.name) }
        return comparisons.map(\.sentence)
            + uncompared.map {
                "\(Figures.quoted($0.name)) cannot be compared with \(Figures.quoted(control)): "
                    + "created or accepted has no data in one of them."
            }
    }
}
