import BeckonDiagnostics
import Testing

@Suite struct DiagnosticReportTests {
    let warning = Diagnostic.warning("l10n.fallback", "missing", at: SourceLocation(file: "b.yml", line: 2))
    let error = Diagnostic.error("config.unknown-key", "unknown", at: SourceLocation(file: "a.yml", line: 9))

    @Test func sortsByFileThenLine() {
        let report = DiagnosticReport([warning, error]).finalized()
        #expect(report.diagnostics.map(\.rule) == ["config.unknown-key", "l10n.fallback"])
        #expect(report.errorCount == 1)
        #expect(report.warningCount == 1)
    }

    @Test func strictTurnsWarningsIntoErrors() {
        let report = DiagnosticReport([warning]).finalized(strict: true)
        #expect(report.hasErrors)
        #expect(!DiagnosticReport([warning]).finalized().hasErrors)
    }

    @Test func overridesChangeSeverityBeforeStrictness() {
        let report = DiagnosticReport([error]).finalized(overrides: ["config.unknown-key": .warning])
        #expect(!report.hasErrors)
    }

    @Test func exactDuplicatesAreReportedOnce() {
        #expect(DiagnosticReport([error, error]).finalized().diagnostics.count == 1)
    }
}
