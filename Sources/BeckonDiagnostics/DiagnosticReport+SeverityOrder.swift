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
        enumerated().sorted { lhs, rhs in
            lhs.element.severity != rhs.element.severity
                ? lhs.element.severity < rhs.element.severity : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
