import ArgumentParser
import BeckonBuild
import BeckonDiagnostics
import BeckonLocalization
import BeckonReview
import Foundation

/// `beckon l10n status`: per locale, how complete it is, and every localization problem.
struct L10nStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract:
            "Show each locale's translated, missing, fallback, stale, over-limit and reviewed strings, and the problems.",
        discussion: """
            Runs every check without writing; lists only localization findings (l10n.*). Exit status \
            1 when there are errors, or warnings with --strict.
            """)

    @OptionGroup var options: SiteOptions

    func run() async throws {
        let sources = SourceStore()
        // An import killed between its renames is finished first, so the bundles counted are whole.
        let recovery: Diagnostic?
        do {
            try BundleJournal.recover(siteRoot: options.siteURL)
            recovery = nil
        } catch {
            recovery = error
        }
        let buildOptions = options.buildOptions(write: false)
        let result = await Pipeline(
            options: buildOptions, sources: sources, engine: cachedEngine(buildOptions, forOneRun: true)
        ).run()
        let findings = DiagnosticReport(
            [recovery].compactMap { $0 }
                + result.report.diagnostics.filter {
                    $0.rule.family == "l10n" || $0.location == nil || $0.rule.family == "yaml"
                        || $0.location?.file.hasPrefix("locales/") == true
                })
        let failed = result.report.hasErrors || recovery != nil
        switch options.format {
        case .text:
            print(Self.table(result.localization))
            print(
                DiagnosticFormat.text.render(findings, sources: sources, color: Terminal().stdoutIsColorTerminal),
                terminator: "")
            print(Self.summary(findings, siteErrors: result.report.errorCount + (recovery == nil ? 0 : 1)))
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let locales = (try? encoder.encode(result.localization)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            let diagnostics = DiagnosticFormat.json.render(findings, sources: sources)
            print(
                "{\n\"locales\": \(locales),\n\"report\": \(diagnostics.trimmingCharacters(in: .whitespacesAndNewlines))\n}"
            )
        default:
            print(options.format.render(findings, sources: sources, toolVersion: BeckonCommand.version), terminator: "")
        }
        if failed { throw ExitCode(1) }
    }

    /// The last line of the text report. Errors outside localization also fail the command, so
    /// they are counted rather than hidden behind "no problems".
    static func summary(_ findings: DiagnosticReport, siteErrors: Int) -> String {
        let elsewhere = siteErrors - findings.errorCount
        let others =
            elsewhere > 0
            ? "; the site has \(elsewhere) other error\(elsewhere == 1 ? "" : "s") (`beckon check` lists them)" : ""
        return findings.isEmpty ? "No localization problems\(others)." : "\(findings.countsPhrase)\(others)."
    }

    static func table(_ statuses: [LocaleStatus]) -> String {
        let header = [
            "locale", "total", "translated", "missing", "(by fallback)", "stale", "over limit", "progress", "approved",
            "needs work",
        ]
        let rows = statuses.map { status in
            let suppliers = status.fallbackFrom.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            return [
                status.locale, "\(status.total)", "\(status.translated)", "\(status.missing)",
                suppliers.isEmpty ? "0" : suppliers.joined(separator: ", "), "\(status.stale)", "\(status.overLimit)",
                "\(status.progress)%", "\(status.approved)", "\(status.needsWork)",
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}
