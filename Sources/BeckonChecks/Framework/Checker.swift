import BeckonDiagnostics
import BeckonRender

/// Runs the rules over every artifact, in parallel, and places each finding where the artifact's
/// content comes from (its template or locale string), naming the output line, locale and sample.
public struct Checker: Sendable {
    public let pageRules: [any PageRule]
    public let textRules: [any TextRule]
    public let catalogRules: [any CatalogRule]
    public let context: CheckContext

    public init(
        pageRules: [any PageRule], textRules: [any TextRule] = [], catalogRules: [any CatalogRule] = [],
        context: CheckContext = CheckContext()
    ) {
        self.pageRules = pageRules
        self.textRules = textRules
        self.catalogRules = catalogRules
        self.context = context
    }

    /// Every rule Beckon has, measuring against `context`.
    public static func standard(_ context: CheckContext = CheckContext()) -> Checker {
        Checker(
            pageRules: [
                DocumentParsesRule(), LanguageRule(), TitleRule(), SingleHeadingRule(), ViewportRule(), NoIndexRule(),
                ImageAltRule(),
            ],
            textRules: [SMSSegmentsRule(), MessageLengthRule()],
            catalogRules: [
                UnusedKeyRule(), ArgumentMismatchRule(), TooLongRule(), WhitespaceRule(), URLMismatchRule(),
                MarkupMismatchRule(), UntranslatedRule(), StaleRule(),
            ],
            context: context)
    }

    /// Findings for the locale bundles.
    public func check(_ input: LocalizationInput) -> [Diagnostic] {
        catalogRules.flatMap { $0.check(input) }
    }

    /// Findings for every rendered artifact (copied static files are not checked).
    public func check(_ artifacts: [Artifact]) -> [Diagnostic] {
        artifacts.filter { $0.origin != nil }.parallelMap(check).flatMap { $0 }
    }

    func check(_ artifact: Artifact) -> [Diagnostic] {
        if artifact.contentType.hasPrefix("text/html") {
            let page = CheckedPage(artifact)
            return pageRules.flatMap { rule in
                rule.check(page, context: context).map { diagnostic(rule.id, $0, artifact, outputLine: true) }
            }
        }
        if artifact.contentType.hasPrefix("text/plain") {
            let text = String(decoding: artifact.bytes, as: UTF8.self)
            return textRules.flatMap { rule in
                rule.check(artifact, text: text, context: context).map {
                    diagnostic(rule.id, $0, artifact, outputLine: false)
                }
            }
        }
        return []
    }

    private func diagnostic(_ rule: RuleID, _ finding: Finding, _ artifact: Artifact, outputLine: Bool) -> Diagnostic {
        var diagnostic = Diagnostic.error(
            rule, finding.message, at: artifact.origin ?? SourceLocation(file: artifact.path), fix: finding.fix)
        diagnostic.notes = [outputLine ? "in \(artifact.path), line \(finding.line)" : "in \(artifact.path)"]
        diagnostic.locale = artifact.locale?.rawValue
        diagnostic.sample = artifact.sample
        return diagnostic
    }
}
