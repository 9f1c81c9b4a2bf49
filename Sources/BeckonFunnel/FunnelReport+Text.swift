extension FunnelReport {
    /// The report as plain text for a terminal: the title and period; a table of every group's
    /// count at each stage (`—` where a stage has no data) and senders; per group, each step's
    /// conversion with its 95 % Wilson interval (`41.2 % (38.0–44.5)`), acceptance and the K-factor;
    /// the comparisons with the control; and the summary sentences. Ends with a newline.
    public func text() -> String {
        var lines = [title, period]
        guard !groups.isEmpty else { return (lines + [""] + summary).joined(separator: "\n") + "\n" }
        let stages = FunnelStage.allCases
        let header = ["group"] + stages.map(\.label) + ["senders"]
        let counts = groups.map { group in
            [group.name] + stages.map { group.count($0).map(String.init) ?? Figures.noData } + [String(group.senders)]
        }
        lines += [""] + TextTable.lines([header] + counts, rightAligned: Set(1...stages.count + 1))
        lines.append("\(Figures.noData): no data")
        for group in groups {
            lines += ["", group.name] + TextTable.lines(Self.measures(of: group))
        }
        if !comparisons.isEmpty {
            lines += ["", "Acceptance against \(Figures.quoted(control ?? ""))"]
            lines += TextTable.lines(
                [["arm", "acceptance", "difference", "p-value", "detectable now", "verdict"]]
                    + comparisons.map(Self.row), rightAligned: [2, 3, 4])
        }
        return (lines + [""] + summary).joined(separator: "\n") + "\n"
    }

    /// A group's steps, acceptance and K-factor as rows of a table, indented.
    private static func measures(of group: FunnelGroupReport) -> [[String]] {
        let steps = group.steps.map { step in
            [
                "  \(step.from.label) → \(step.to.label)", Figures.rate(step.proportion),
                step.skipped.isEmpty ? "" : "over \(step.skipped.map(\.label).joined(separator: ", ")): no data",
            ]
        }
        let kFactor = group.kFactor.map(Figures.kFactor)
        return steps + [
            ["  acceptance (accepted of created)", group.acceptance.map(Figures.rate) ?? Figures.noData],
            ["  K-factor", kFactor ?? Figures.noData, kFactor.map { "each inviter brings \($0) new users" } ?? ""],
        ]
    }

    /// A comparison as a row of the comparisons table.
    private static func row(_ comparison: FunnelComparison) -> [String] {
        let test = comparison.test
        let verdict =
            switch comparison.verdict {
            case .leads(let arm): "\(Figures.quoted(arm)) leads"
            case .tooEarly(let needed?): "too early: about \(needed) per arm needed"
            case .tooEarly(nil): "too early"
            }
        return [
            comparison.arm, Figures.rate(test.b), test.difference.map { Figures.points($0) } ?? Figures.noData,
            test.pValue.map(Figures.pValue) ?? Figures.noData,
            test.minimumDetectableEffect().map { Figures.points($0, signed: false) } ?? Figures.noData, verdict,
        ]
    }
}
