extension DiagnosticReport {
    /// The findings as people read them: errors first, then warnings, then notes, each severity in
    /// the report's own order (by file, line and column). The text report and the preview list
    /// them so; the machine formats keep the report's order.
    public var bySeverity: [Diagnostic] { diagnostics.sortedBySeverity() }
}

extension Sequence<Diagnostic> {
    /// These findings with errors first, then warnings, then notes; findings of one severity keep
    /// the order they had.
    public func sortedBySeverity() -> [Diagnostic] {
        let findings = Array(self)
        // One stable pass per severity: a sort would move these large values many times.
        var ordered: [Diagnostic] = []
        ordered.reserveCapacity(findings.count)
        for severity in Severity.allCases.sorted() {
            ordered.append(contentsOf: findings.lazy.filter { $0.severity == severity })
        }
        return ordered
    }
}
