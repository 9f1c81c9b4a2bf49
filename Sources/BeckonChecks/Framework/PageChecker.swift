import BeckonDiagnostics
import BeckonRender

/// Runs the page rules over every HTML artifact, in parallel, and places each finding at the
/// template that produced the page, naming the output line, locale and sample invite.
public struct PageChecker: Sendable {
    public let rules: [any PageRule]

    /// The rules every build runs.
    public static let standard = PageChecker(rules: [
        DocumentParsesRule(), LanguageRule(), TitleRule(), SingleHeadingRule(), ViewportRule(), NoIndexRule(),
        ImageAltRule(),
    ])

    public init(rules: [any PageRule]) {
        self.rules = rules
    }

    /// Findings for every HTML artifact.
    public func check(_ artifacts: [Artifact]) -> [Diagnostic] {
        artifacts.filter { $0.template != nil && $0.contentType.hasPrefix("text/html") }
            .parallelMap { check(CheckedPage($0)) }
            .flatMap { $0 }
    }

    func check(_ page: CheckedPage) -> [Diagnostic] {
        rules.flatMap { rule in
            rule.check(page).map { finding in
                var diagnostic = Diagnostic.error(
                    rule.id, finding.message, at: SourceLocation(file: page.artifact.template ?? page.artifact.path),
                    fix: finding.fix)
                diagnostic.notes = ["in \(page.artifact.path), line \(finding.line)"]
                diagnostic.locale = page.artifact.locale?.rawValue
                diagnostic.sample = page.artifact.sample
                return diagnostic
            }
        }
    }
}
