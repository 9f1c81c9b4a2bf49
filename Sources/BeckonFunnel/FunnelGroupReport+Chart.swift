import BeckonDiagnostics
import Foundation

extension FunnelGroupReport {
    /// The height of one stage's row in the chart: a line of text above a bar.
    private static let rowHeight = 46

    /// The group's funnel as an inline SVG image: per stage, its name and its count with the share
    /// of created invites above a horizontal bar as wide as that share of the chart (a bar's width
    /// is count ÷ the group's largest count, which is `created` whenever no stage counts more, in
    /// percent of the chart's width with two decimals), over a full-width track; a stage without
    /// data has a dashed outline instead, labelled `no data`. Named by its `<title>` and described
    /// by its `<desc>`, whose ids start with `id`.
    ///
    /// - Parameter id: A prefix unique in the page for the title's and the description's ids.
    func chart(id: String) -> String {
        let largest = counts.values.max() ?? 0
        let created = count(.created)
        var rows = ""
        var described: [String] = []
        for (index, stage) in FunnelStage.allCases.enumerated() {
            let top = index * Self.rowHeight
            let value = count(stage)
            let label = value.map { count in
                "\(count)"
                    + (created.flatMap { $0 > 0 ? " · \(Figures.percent(Double(count) / Double($0)))" : nil } ?? "")
            }
            described.append("\(stage.label) \(label ?? "no data")")
            let (baseline, barTop) = (top + 16, top + 22)
            rows += """
                <text x="0" y="\(baseline)">\(stage.label.xmlEscaped)</text>\
                <text x="100%" y="\(baseline)" text-anchor="end">\((label ?? "no data").xmlEscaped)</text>\
                <rect class="\(value == nil ? "missing" : "track")" x="0" y="\(barTop)" width="100%" \
                height="16" rx="3"/>
                """
            if let value {
                let share = String(format: "%.2f", largest > 0 ? Double(value) / Double(largest) * 100 : 0)
                rows += #"<rect class="bar" x="0" y="\#(barTop)" width="\#(share)%" height="16" rx="3"/>"#
            }
            rows += "\n"
        }
        let description =
            "Bars show the invites at each stage; the figure after a count is its share of the invites created: "
            + described.joined(separator: ", ") + "."
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" width="100%" \
            height="\(FunnelStage.allCases.count * Self.rowHeight)" aria-labelledby="\(id)-title" \
            aria-describedby="\(id)-desc">
            <title id="\(id)-title">Invite funnel of \(Figures.quoted(name).xmlEscaped)</title>
            <desc id="\(id)-desc">\(description.xmlEscaped)</desc>
            \(rows)</svg>
            """
    }
}
