import ArgumentParser
import BeckonDiagnostics
import BeckonLocalization
import Foundation

/// `beckon l10n import FILE`: translations from a hand-off file, set surgically in the bundles.
struct L10nImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Bring translated XLIFF or String Catalog files, or reviewers' decisions, back into the locale bundles.",
        discussion: """
            Reads an .xlf (XLIFF 1.2 or 2.x) or .xcstrings file and sets each changed translation in \
            its bundle, editing only that value and recording the source text it was translated from \
            (sourceHash). A review-LOCALE.json downloaded from the review page (output/review/) \
            records each decision next to its string (review: approved or needs-work, reviewHash, \
            reviewNote); so do XLIFF units marked final or sent back with a reviewer note. Importing \
            an untouched export changes nothing. Any error (invalid XML or \
            JSON, an unknown key, a translation whose arguments differ from its source) changes no \
            bundle, and neither does a translation the site would refuse (a bundle over 1 MB). Only \
            regular files are read. The bundles are replaced all together or not at all: an import \
            killed midway is finished by the next l10n command (docs/handoff.md). Exit status 1 \
            when there are errors, or warnings with --strict.
            """)

    @Argument(
        help: ArgumentHelp(
            "The translated file (.xlf or .xcstrings), or a review file (review-LOCALE.json).", valueName: "file"))
    var file: String

    @OptionGroup var options: ConfigOptions

    @Option(
        help: ArgumentHelp(
            "Report format: \(DiagnosticFormat.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "format")
    )
    var format: DiagnosticFormat = .text

    @Option(
        help: ArgumentHelp(
            "The locale of a file that names no target language (XLIFF from translate-toolkit's po2xliff).",
            valueName: "id"))
    var locale: String?

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Check the file and show what would change, without writing.")
    var dryRun = false

    func run() throws {
        let sources = SourceStore()
        let root = options.siteRoot
        let (loaded, loadDiagnostics) = Catalog.loadForHandoff(root: root, sources: sources)
        guard let catalog = loaded else {
            emit(DiagnosticReport(loadDiagnostics).finalized(), sources: sources, summary: "Import failed.")
            throw ExitCode(1)
        }
        let bytes: [UInt8]
        switch HandoffFileReader.read(file) {
        case .success(let read): bytes = read
        case .failure(let problem):
            emit(
                DiagnosticReport([problem]).finalized(), sources: sources,
                summary: "Import failed. No bundle was changed.")
            throw ExitCode(1)
        }
        let plan = HandoffImport.plan(bytes, path: file, catalog: catalog, targetLocale: locale)
        if let text = plan.file { sources.add(text) }
        var report = DiagnosticReport(plan.diagnostics).finalized(strict: strict)
        var wrote = false
        if !report.hasErrors, !dryRun, !plan.changes.isEmpty {
            do {
                try BundleWriter.write(plan.changes, siteRoot: root)
                wrote = true
            } catch {
                report.append(error)
                report = report.finalized()
            }
        }
        emit(report, sources: sources, summary: summary(plan, report: report, wrote: wrote))
        if report.hasErrors { throw ExitCode(1) }
    }

    private func emit(_ report: DiagnosticReport, sources: SourceStore, summary: String) {
        let color = format == .text && Terminal().stdoutIsColorTerminal
        print(format.render(report, sources: sources, color: color, toolVersion: BeckonCommand.version), terminator: "")
        if format == .text { print(summary) }
    }

    private func summary(_ plan: HandoffImportPlan, report: DiagnosticReport, wrote: Bool) -> String {
        if report.hasErrors {
            let errors = report.errorCount
            return "Import failed: \(errors) error\(errors == 1 ? "" : "s"). No bundle was changed."
        }
        guard !plan.changes.isEmpty else {
            return "No changes: the \(plan.translationCount) translations in \(file) match the bundles."
        }
        let verb = wrote ? "Updated" : "Would update"
        return plan.changes.map { change in
            let count = change.keys.count
            return "\(verb) \(change.path): \(count) string\(count == 1 ? "" : "s") ("
                + change.keys.map(\.rawValue).joined(separator: ", ") + ")."
        }.joined(separator: "\n")
    }
}

extension ConfigOptions {
    /// The `--site` folder as an absolute URL.
    var siteRoot: URL {
        URL(fileURLWithPath: site, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
    }
}
