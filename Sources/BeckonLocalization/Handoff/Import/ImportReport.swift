import BeckonDiagnostics
import BeckonSite

/// Collects the diagnostics of one import, located in the imported file.
final class ImportReport {
    let source: SourceText
    /// The target locale for a file that names none (`l10n import --locale`), as PO converters'
    /// XLIFF leaves it out.
    let assumedTarget: String?
    private(set) var diagnostics: [Diagnostic] = []

    init(_ source: SourceText, assumedTarget: String? = nil) {
        self.source = source
        self.assumedTarget = assumedTarget
    }

    /// Whether an error has been recorded.
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Records a diagnostic.
    func add(
        _ severity: Severity, _ rule: RuleID, _ message: String, at location: SourceLocation, fix: String,
        locale: LocaleID? = nil
    ) {
        diagnostics.append(Diagnostic(severity, rule, message, at: location, fix: fix, locale: locale?.rawValue))
    }

    /// Records an error.
    func error(_ rule: RuleID, _ message: String, at location: SourceLocation, fix: String, locale: LocaleID? = nil) {
        add(.error, rule, message, at: location, fix: fix, locale: locale)
    }

    /// The location of an element that starts on a line: the column of its `<name` (or
    /// `<prefix:name`) when the line has one, else column 1.
    func location(line: Int, element: String) -> SourceLocation {
        guard let text = source.line(line) else { return SourceLocation(file: source.path, line: line) }
        var search = text.startIndex
        while let open = text[search...].firstIndex(of: "<") {
            let name = text[text.index(after: open)...].prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            if name == element || name.hasSuffix(":\(element)") {
                let column = text.distance(from: text.startIndex, to: open) + 1
                return SourceLocation(file: source.path, line: line, column: column)
            }
            search = text.index(after: open)
        }
        return SourceLocation(file: source.path, line: line)
    }

    /// The location of a line and column as a parser reports them.
    func location(line: Int, column: Int?) -> SourceLocation {
        SourceLocation(file: source.path, line: line, column: column ?? 1)
    }

    /// The location of a UTF-8 offset.
    func location(utf8Offset: Int) -> SourceLocation {
        source.location(ofUTF8Offset: utf8Offset)
    }
}
