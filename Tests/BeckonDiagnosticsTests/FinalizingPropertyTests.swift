import BeckonTestSupport
import Testing

@testable import BeckonDiagnostics

/// What `finalized()` promises, over many drawn reports: one finding per rule, severity,
/// location, message and fix, standing for every occurrence of it; sorted by place; unchanged
/// when finalized again; errors first in the order people read.
@Suite struct FinalizingPropertyTests {
    static func drawn(_ generator: inout SeededGenerator) -> [Diagnostic] {
        (0..<Int.random(in: 0...60, using: &generator)).map { _ in
            let location =
                Int.random(in: 0..<8, using: &generator) == 0
                ? nil
                : SourceLocation(
                    file: ["a.html", "b/index.html", "locales/de-DE.yml"].randomElement(using: &generator)!,
                    line: Int.random(in: 1...4, using: &generator), column: Int.random(in: 1...3, using: &generator))
            var finding = Diagnostic(
                [.error, .warning, .note].randomElement(using: &generator)!,
                ["links.target", "page.title"].randomElement(using: &generator)!,
                ["missing", "too long"].randomElement(using: &generator)!, at: location,
                fix: Bool.random(using: &generator) ? "Fix it." : nil)
            finding.locale = ["de-DE", "ja-JP", nil].randomElement(using: &generator)!
            finding.sample = ["long-name", nil].randomElement(using: &generator)!
            finding.artifact = ["de-DE/invite/index.html", nil].randomElement(using: &generator)!
            finding.artifactLine = Int.random(in: 1...3, using: &generator)
            finding.notes = Bool.random(using: &generator) ? ["in href"] : []
            return finding
        }
    }

    /// Grouping and sorting as the report did before it grouped by index: every group's
    /// occurrences through a set and a sort, then the findings sorted in place.
    static func reference(_ findings: [Diagnostic]) -> [Diagnostic] {
        var groups: [DiagnosticReport.GroupKey: Int] = [:]
        var result: [Diagnostic] = []
        var occurrences: [[Occurrence]] = []
        for finding in findings {
            if let index = groups[DiagnosticReport.GroupKey(finding)] {
                occurrences[index] += finding.allOccurrences
                let known = result[index].notes
                result[index].notes += finding.notes.filter { !known.contains($0) }
            } else {
                groups[DiagnosticReport.GroupKey(finding)] = result.count
                result.append(finding)
                occurrences.append(finding.allOccurrences)
            }
        }
        for index in result.indices { result[index].group(Array(Set(occurrences[index])).sorted()) }
        result.sort(by: DiagnosticReport.precedes)
        return result
    }

    @Test(arguments: 0..<200 as Range<UInt64>)
    func eachFindingStandsForAllItsOccurrences(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let findings = Self.drawn(&generator)
        let report = DiagnosticReport(findings).finalized()
        let expected = Dictionary(grouping: findings, by: DiagnosticReport.GroupKey.init)
        #expect(report.diagnostics.count == expected.count)
        for finding in report.diagnostics {
            let made = expected[DiagnosticReport.GroupKey(finding)] ?? []
            #expect(Set(finding.allOccurrences) == Set(made.map(\.occurrence)))
            #expect(Set(finding.notes) == Set(made.flatMap(\.notes)))
        }
        let places = report.diagnostics.map(\.location)
        #expect(
            zip(places, places.dropFirst()).allSatisfy { earlier, later in
                switch (earlier, later) {
                case (.some(let a), .some(let b)): a <= b
                case (.some, nil): false
                default: true
                }
            })
        #expect(report.finalized() == report)
        #expect(report.diagnostics == Self.reference(findings))
        let byOffset = report.diagnostics.enumerated().sorted { lhs, rhs in
            lhs.element.severity != rhs.element.severity
                ? lhs.element.severity < rhs.element.severity : lhs.offset < rhs.offset
        }
        #expect(report.bySeverity == byOffset.map(\.element))
        let severities = report.bySeverity.map(\.severity)
        #expect(severities == severities.sorted())
        #expect(report.bySeverity.count == report.diagnostics.count)
    }
}
