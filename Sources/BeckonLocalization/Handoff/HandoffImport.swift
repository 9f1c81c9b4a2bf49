import BeckonDiagnostics
import BeckonHTML
import BeckonJSON
import BeckonSite

/// Reads a translated hand-off file and works out the bundle edits it asks for.
public enum HandoffImport {
    /// The largest file an import reads.
    public static let sizeLimit = 10 << 20

    /// Plans the import of a hand-off file. Nothing is written: pass the plan's changes to
    /// `BundleWriter` when it has no errors.
    ///
    /// The format is recognised from the content: XLIFF 1.2 or 2.x (by namespace or `version`), an
    /// Apple String Catalog (JSON), or a review file of reviewers' decisions (`ReviewFile`).
    /// - Parameters:
    ///   - bytes: The file's bytes, UTF-8 (a byte-order mark is dropped).
    ///   - path: The file's path as the user wrote it, for diagnostics.
    ///   - catalog: The site's bundles, the source locale's first among them.
    ///   - targetLocale: The locale of a file that names none (XLIFF a PO converter wrote).
    public static func plan(
        _ bytes: [UInt8], path: String, catalog: Catalog, targetLocale: String? = nil
    ) -> HandoffImportPlan {
        guard bytes.count <= sizeLimit else {
            return failed(
                .error(
                    "input.too-large", "`\(path)` is \(bytes.count >> 20) MB, over the 10 MB limit for hand-off files",
                    at: SourceLocation(file: path), fix: "Import one locale at a time."))
        }
        let text: String
        switch InputReader.decode(bytes, path: path) {
        case .success(let decoded): text = decoded
        case .failure(let diagnostic): return failed(diagnostic)
        }
        let file = SourceText(path: path, text: text)
        let report = ImportReport(file, assumedTarget: targetLocale)
        let (format, units) = read(file, catalog: catalog, report: report)
        let updates = ImportPlanner(catalog: catalog, report: report).plan(units)
        var changes: [BundleChange] = []
        if !report.hasErrors {
            let updater = BundleUpdater(catalog: catalog, report: report)
            changes = updates.keys.sorted().compactMap { updater.change($0, updates: updates[$0] ?? []) }
        }
        return HandoffImportPlan(
            file: file, format: format, changes: report.hasErrors ? [] : changes, diagnostics: report.diagnostics,
            translationCount: units.count { $0.target?.isEmpty == false || $0.review != nil })
    }

    private static func read(
        _ file: SourceText, catalog: Catalog, report: ImportReport
    ) -> (
        HandoffFormat?, [ImportedUnit]
    ) {
        switch file.text.first(where: { !$0.isWhitespace }) {
        case "<":
            let document = XMLDocument(file.text)
            return XLIFFReader.read(document, catalog: catalog, report: report)
        case "{":
            if let root = try? JSONParser.parse(file.text), ReviewFile.isReviewFile(root) {
                return (nil, ReviewFile.read(root, catalog: catalog, report: report))
            }
            return (.xcstrings, XCStringsReader.read(file.text, catalog: catalog, report: report))
        default:
            report.error(
                HandoffRule.format, "`\(file.path)` is neither XLIFF, a String Catalog nor a review file",
                at: SourceLocation(file: file.path),
                fix:
                    "Import an .xlf or .xcstrings file written by `beckon l10n export` and translated, or a review-LOCALE.json from the review page."
            )
            return (nil, [])
        }
    }

    private static func failed(_ diagnostic: Diagnostic) -> HandoffImportPlan {
        HandoffImportPlan(file: nil, format: nil, changes: [], diagnostics: [diagnostic], translationCount: 0)
    }
}
