import BeckonDiagnostics

extension FunnelComparison {
    /// The comparison as a table of the HTML report: both arms' acceptance with its 95 % interval,
    /// the difference, the p-value, the smallest difference the current samples detect, and the
    /// verdict in words.
    func table() -> String {
        let arm = Figures.quoted(self.arm)
        let control = Figures.quoted(self.control)
        let verdict =
            switch self.verdict {
            case .leads(let leader): "\(Figures.quoted(leader)) leads"
            case .tooEarly(let needed?): "Too early: about \(needed) invites per arm needed"
            case .tooEarly(nil): "Too early"
            }
        let rows: [(String, String)] = [
            ("Acceptance of \(arm)", Figures.rate(test.b)),
            ("Acceptance of \(control)", Figures.rate(test.a)),
            ("Difference", test.difference.map { Figures.points($0) } ?? Figures.noData),
            ("p-value (two-sided)", test.pValue.map(Figures.pValue) ?? Figures.noData),
            (
                "Detectable now (80 % power)",
                test.minimumDetectableEffect().map { Figures.points($0, signed: false) }
                    ?? Figures.noData
            ),
            ("Verdict", verdict),
        ]
        let body = rows.map { #"<tr><th scope="row">\#($0.xmlEscaped)</th><td>\#($1.xmlEscaped)</td></tr>"# }
        return """
            <table>
            <caption>\("\(arm) against \(control)".xmlEscaped)</caption>
            <tbody>
            \(body.joined(separator: "\n"))
            </tbody>
            </table>
            """
    }
}
