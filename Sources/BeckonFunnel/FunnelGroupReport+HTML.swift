import BeckonDiagnostics

extension FunnelGroupReport {
    /// The group as a section of the HTML report: a heading, the chart, a table with the same
    /// numbers (count, share of created, and the conversion from the stage before with its 95 %
    /// interval) and a line with acceptance and the K-factor.
    ///
    /// - Parameter id: A prefix unique in the page for the section's ids.
    func section(id: String) -> String {
        let created = count(.created)
        var rows = ""
        for stage in FunnelStage.allCases {
            let value = count(stage)
            let share = value.flatMap { value in
                created.flatMap { $0 > 0 ? Figures.percent(Double(value) / Double($0)) : nil }
            }
            let conversion = steps.first { $0.to == stage }.map { step in
                Figures.rate(step.proportion) + (step.skipped.isEmpty ? "" : " from \(step.from.label)")
            }
            let cells = [value.map(String.init) ?? "no data", share ?? Figures.noData, conversion ?? Figures.noData]
            rows +=
                "<tr><th scope=\"row\">\(stage.label.xmlEscaped)</th>"
                + cells.map { "<td>\($0.xmlEscaped)</td>" }.joined() + "</tr>\n"
        }
        let acceptance = self.acceptance.map(Figures.rate) ?? "no data"
        let kFactor = self.kFactor.map {
            "\(Figures.kFactor($0)) (\(senders) senders): each inviter brings \(Figures.kFactor($0)) new users"
        }
        return """
            <section aria-labelledby="\(id)-heading">
            <h2 id="\(id)-heading">\(name.xmlEscaped)</h2>
            \(chart(id: id))
            <table>
            <caption>Invites of \(Figures.quoted(name).xmlEscaped) at each stage</caption>
            <thead><tr><th scope="col">Stage</th><th scope="col">Invites</th><th scope="col">Of created</th>\
            <th scope="col">From the stage before (95 % interval)</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            <p>\("Acceptance (accepted of created): \(acceptance). K-factor: \(kFactor ?? "no data").".xmlEscaped)</p>
            </section>
            """
    }
}
