/// The diagnostics of one run, in a deterministic order, with the policy (strictness and
/// per-rule severity overrides) already applied.
public struct DiagnosticReport: Sendable, Hashable {
    public private(set) var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    public mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Changes every diagnostic in place.
    public mutating func transform(_ change: (inout Diagnostic) -> Void) {
        for index in diagnostics.indices { change(&diagnostics[index]) }
    }
    public mutating func append(contentsOf other: some Sequence<Diagnostic>) {
        diagnostics.append(contentsOf: other)
    }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// "1 error, 2 warnings": the counts as a reader says them.
    public var countsPhrase: String {
        "\(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s")"
    }
    public var isEmpty: Bool { diagnostics.isEmpty }

    /// Applies per-rule severity overrides (`nil` turns a rule off), then `strict` (warnings become
    /// errors), groups findings with the same rule, severity, location, message and fix into one
    /// with all their occurrences and notes (the locales, samples and output files they were made in), and
    /// sorts by file, line, column, severity and rule.
    public func finalized(overrides: [RuleID: Severity?] = [:], strict: Bool = false) -> DiagnosticReport {
        var groups: [GroupKey: Int] = [:]
        groups.reserveCapacity(diagnostics.count)
        var result: [Diagnostic] = []
        result.reserveCapacity(diagnostics.count)
        // The occurrences of the findings that others joined, by their index in `result`: most
        // findings are made once, and those need neither a set nor a sort of their occurrences.
        var joined: [Int: [Occurrence]] = [:]
        for var diagnostic in diagnostics {
            if let override = overrides[diagnostic.rule] {
                guard let override else { continue }
                diagnostic.severity = override
            }
            if strict, diagnostic.severity == .warning { diagnostic.severity = .error }
            let key = GroupKey(diagnostic)
            if let index = groups[key] {
                joined[index, default: result[index].allOccurrences] += diagnostic.allOccurrences
                // The same link in an `href` and in an email's text part: one finding, both notes.
                let known = result[index].notes
                result[index].notes += diagnostic.notes.filter { !known.contains($0) }
            } else {
                groups[key] = result.count
                result.append(diagnostic)
            }
        }
        for index in result.indices where joined[index] != nil || !result[index].occurrences.isEmpty {
            let all = joined[index] ?? result[index].occurrences
            result[index].group(Array(Set(all)).sorted())
        }
        // Sorted by index, then moved once: a finding is a large value, and a sort moves its
        // elements many times.
        let order = result.withUnsafeBufferPointer { findings in
            findings.indices.sorted { Self.precedes(findings[$0], findings[$1]) }
        }
        return DiagnosticReport(order.map { result[$0] })
    }

    /// What makes two findings the same finding.
    struct GroupKey: Hashable {
        var rule: RuleID
        var severity: Severity
        var location: SourceLocation?
        var message: String
        var fix: String?

        init(_ diagnostic: Diagnostic) {
            rule = diagnostic.rule
            severity = diagnostic.severity
            location = diagnostic.location
            message = diagnostic.message
            fix = diagnostic.fix
        }
    }

    /// Total occurrences of errors, counting each locale, sample and file a grouped one was made in.
    public var errorOccurrenceCount: Int {
        diagnostics.filter { $0.severity == .error }.reduce(0) { $0 + $1.allOccurrences.count }
    }

    /// The report's order: findings without a place first, then by place, severity, rule, locale,
    /// sample and message.
    static func precedes(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
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
