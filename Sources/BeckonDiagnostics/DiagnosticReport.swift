/// The diagnostics of one run, in a deterministic order, with the policy (strictness and
/// per-rule severity overrides) already applied.
public struct DiagnosticReport: Sendable, Hashable {
    public private(set) var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    public mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
    public mutating func append(contentsOf other: some Sequence<Diagnostic>) {
        diagnostics.append(contentsOf: other)
    }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var isEmpty: Bool { diagnostics.isEmpty }

    /// Applies per-rule severity overrides (`nil` turns a rule off), then `strict` (warnings become
    /// errors), removes exact duplicates and sorts by file, line, column, severity and rule.
    public func finalized(overrides: [RuleID: Severity?] = [:], strict: Bool = false) -> DiagnosticReport {
        var seen = Set<Diagnostic>()
        var result: [Diagnostic] = []
        for var diagnostic in diagnostics {
            if let override = overrides[diagnostic.rule] {
                guard let override else { continue }
                diagnostic.severity = override
            }
            if strict, diagnostic.severity == .warning { diagnostic.severity = .error }
            if seen.insert(diagnostic).inserted { result.append(diagnostic) }
        }
        result.sort(by: Self.precedes)
        return DiagnosticReport(result)
    }

    private static func precedes(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        switch (lhs.location, rhs.location) {
        case (nil, .some): return true
        case (.some, nil): return false
        case (.some(let l), .some(let r)) where l != r: return l < r
        default: break
        }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if lhs.locale != rhs.locale { return (lhs.locale ?? "") < (rhs.locale ?? "") }
        if lhs.sample != rhs.sample { return (lhs.sample ?? "") < (rhs.sample ?? "") }
        return lhs.message < rhs.message
    }
}
