import ArgumentParser
import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import Foundation

/// Runs a pipeline, prints its report and summary, and ends the process: exit code 1 when the
/// report has errors.
struct RunReporter {
    enum Verb {
        case build, check
    }

    let format: DiagnosticFormat
    let verb: Verb

    func run(_ options: BuildOptions) async throws {
        let terminal = Terminal()
        let progress = terminal.progressLine()
        let sources = SourceStore()
        let (engine, cacheProblem) = BuildCache.engine(folder: options.cacheFolder, forOneRun: true)
        var result = await Pipeline(options: options, sources: sources, progress: progress?.handler, engine: engine)
            .run()
        progress?.finish()
        if ProcessInfo.processInfo.environment["BECKON_STEP_STATS"] != nil {
            FileHandle.standardError.write(Data(result.steps.table.utf8))
        }
        for (path, explanation) in result.explanations.sorted(by: { $0.key < $1.key }) {
            FileHandle.standardError.write(Data("explain: \(path): \(explanation)\n".utf8))
        }
        let cacheNotes = (cacheProblem.map { [$0] } ?? []) + BuildCache.notes(engine)
        if !cacheNotes.isEmpty {
            for note in cacheNotes { result.report.append(note) }
            result.report = result.report.finalized()
        }
        let rendered = format.render(
            result.report, sources: sources, color: format == .text && terminal.stdoutIsColorTerminal,
            toolVersion: BeckonCommand.version)
        print(rendered, terminator: "")
        if format == .text {
            if let byRule = Self.findingsByRule(result.report) { print(byRule) }
            print(summary(result))
        }
        // Exit here, with the run's artifacts, findings and engine still in memory: freeing them
        // one object at a time is a twentieth of a cached build, and the process is ending anyway.
        Foundation.exit(result.report.hasErrors ? 1 : 0)
    }

    /// `value` (not negative) with two decimals, as `%.2f` writes it, without Foundation's
    /// `String(format:)`, whose arguments go through dynamic casts (a run's first cast of a type
    /// reads every conformance record of the binary).
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private func summary(_ result: BuildResult) -> String {
        let errors = result.report.errorCount
        let warnings = result.report.warningCount
        let problems = [
            errors > 0 ? "\(errors) error\(errors == 1 ? "" : "s")" : nil,
            warnings > 0 ? "\(warnings) warning\(warnings == 1 ? "" : "s")" : nil,
        ].compactMap { $0 }.joined(separator: ", ")
        let seconds = Self.twoDecimals(result.seconds) + " s"
        let kinds = result.countsByKind.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")
        let locales = "\(result.locales.count) locale\(result.locales.count == 1 ? "" : "s")"
        let output = Self.display(result.output)
        switch (verb, errors > 0) {
        case (.build, false):
            return "Built \(result.artifacts.count) files for \(locales) in \(seconds) → \(output)/ (\(kinds))"
                + (problems.isEmpty ? "" : "; \(problems)") + Self.reuse(result)
        case (.build, true):
            return result.wrote
                ? "Build had \(problems); wrote \(output)/ anyway (--keep-going)."
                : "Build failed: \(problems). \(output)/ was not changed."
        case (.check, false):
            return "Checked \(result.artifacts.count) files for \(locales) in \(seconds): "
                + (problems.isEmpty ? "no problems." : problems + ".") + Self.reuse(result)
        case (.check, true):
            return "Check failed: \(problems)."
        }
    }

    /// " (180 of 214 steps from the cache)" when a cache folder supplied results.
    static func reuse(_ result: BuildResult) -> String {
        let fromDisk = result.steps.diskHits.values.reduce(0, +)
        guard fromDisk > 0 else { return "" }
        return " (\(fromDisk) of \(fromDisk + result.steps.totalRuns) steps from the cache)"
    }

    /// "Findings by rule: links.host 2 (de-DE 1, en-US 1); l10n.fallback 3 (ja-JP 3)", or `nil`.
    static func findingsByRule(_ report: DiagnosticReport) -> String? {
        guard report.diagnostics.count > 1 else { return nil }
        let groups = Dictionary(grouping: report.diagnostics, by: \.rule)
        let parts = groups.keys.sorted().map { rule -> String in
            let findings = groups[rule] ?? []
            let locales = Dictionary(grouping: findings.flatMap(\.allOccurrences).compactMap(\.locale), by: { $0 })
                .map { "\($0.key) \($0.value.count)" }.sorted()
            return "\(rule) \(findings.count)" + (locales.isEmpty ? "" : " (\(locales.joined(separator: ", ")))")
        }
        return "Findings by rule: " + parts.joined(separator: "; ")
    }

    /// A path as the user would write it: relative to the working folder when inside it (`.` for
    /// the working folder itself), else absolute.
    static func display(_ url: URL) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path == current { return "." }
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }
}
