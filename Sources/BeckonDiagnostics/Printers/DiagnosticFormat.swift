/// The formats Beckon writes reports in (`--format`).
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// Human text with the offending source lines and a caret.
    case text
    /// `{"diagnostics":[…],"summary":{"errors":N,"warnings":N}}`.
    case json
    /// JUnit XML, one test case per finding, for CI test tabs.
    case junit
    /// SARIF 2.1.0, for code-scanning dashboards.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…::…`).
    case github

    /// Renders a report in this format.
    /// - Parameters:
    ///   - report: The finalized diagnostics.
    ///   - sources: Source files to quote (used by `text` only).
    ///   - color: Whether `text` may use ANSI colours.
    ///   - toolVersion: Beckon's version, recorded by SARIF.
    public func render(
        _ report: DiagnosticReport, sources: SourceStore, color: Bool = false, toolVersion: String = ""
    ) -> String {
        switch self {
        case .text: TextPrinter(sources: sources, color: color).render(report)
        case .json: JSONPrinter().render(report)
        case .junit: JUnitPrinter().render(report)
        case .sarif: SARIFPrinter(toolVersion: toolVersion).render(report)
        case .github: GitHubPrinter().render(report)
        }
    }
}
