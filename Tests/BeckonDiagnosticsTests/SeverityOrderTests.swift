import BeckonDiagnostics
import Testing

/// People read errors first: the text report lists errors, then warnings, then notes, each by
/// location; the machine formats keep the report's order by location.
@Suite struct SeverityOrderTests {
    static func at(_ file: String, _ line: Int) -> SourceLocation { SourceLocation(file: file, line: line) }

    /// A warning and a note in the first file, errors in later ones, a warning without a place.
    let report = DiagnosticReport([
        .warning("l10n.fallback", "fallback", at: at("a.yml", 1)),
        Diagnostic(.note, "l10n.untranslated", "untranslated", at: at("a.yml", 2)),
        .error("config.unknown-key", "unknown in b", at: at("b.yml", 5)),
        .warning("links.unsigned", "unsigned", at: nil),
        .error("config.unknown-key", "unknown in c", at: at("c.yml", 1)),
        .error("template.missing", "missing in b", at: at("b.yml", 2)),
    ]).finalized()

    @Test func errorsComeFirstThenWarningsThenNotesEachByLocation() {
        #expect(
            report.bySeverity.map(\.message) == [
                "missing in b", "unknown in b", "unknown in c", "unsigned", "fallback", "untranslated",
            ])
    }

    @Test func sortingBySeverityKeepsTheOrderWithinASeverity() {
        let same = (1...20).map { Diagnostic.warning("l10n.fallback", "w\($0)", at: Self.at("a.yml", 21 - $0)) }
        #expect(same.sortedBySeverity().map(\.message) == same.map(\.message))
    }

    @Test func theTextReportListsErrorsFirst() {
        let text = DiagnosticFormat.text.render(report, sources: SourceStore())
        let headers = text.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(
            headers == [
                "b.yml:2:1: error[template.missing]: missing in b",
                "b.yml:5:1: error[config.unknown-key]: unknown in b",
                "c.yml:1:1: error[config.unknown-key]: unknown in c",
                "warning[links.unsigned]: unsigned",
                "a.yml:1:1: warning[l10n.fallback]: fallback",
                "a.yml:2:1: note[l10n.untranslated]: untranslated",
            ])
    }

    @Test func theMachineFormatsKeepTheOrderByLocation() {
        #expect(report.diagnostics.map(\.message).prefix(3) == ["unsigned", "fallback", "untranslated"])
        let github = DiagnosticFormat.github.render(report, sources: SourceStore())
        let json = DiagnosticFormat.json.render(report, sources: SourceStore())
        for output in [github, json] {
            let fallback = output.range(of: "fallback")
            let missing = output.range(of: "missing in b")
            #expect(fallback != nil && missing != nil && fallback!.lowerBound < missing!.lowerBound)
        }
    }
}
