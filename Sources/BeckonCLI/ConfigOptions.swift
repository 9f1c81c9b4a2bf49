import ArgumentParser
import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonSite
import Foundation
import InviteModel

/// `--site` for commands that read only beckon.yml.
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site folder (the one holding beckon.yml).", valueName: "dir"))
    var site: String = "."

    /// The site's configuration; prints the diagnostics and exits 1 when it cannot be read.
    func load() throws -> SiteConfig {
        let sources = SourceStore()
        let url = URL(fileURLWithPath: site, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let (config, diagnostics) = SiteLoader(root: url.standardizedFileURL, sources: sources).loadConfig()
        guard let config else {
            let report = DiagnosticReport(diagnostics).finalized()
            FileHandle.standardError.write(Data(DiagnosticFormat.text.render(report, sources: sources).utf8))
            throw ExitCode(1)
        }
        return config
    }
}

/// Prints a failure the way diagnostics print (`error[rule]: message`, then the fix) and exits 1.
func fail(_ rule: String, _ message: String, fix: String? = nil) -> ExitCode {
    var text = "error[\(rule)]: \(message)\n"
    if let fix { text += "  fix: \(fix)\n" }
    FileHandle.standardError.write(Data(text.utf8))
    return ExitCode(1)
}

/// The engine of a run with `--cache DIR` (its results kept there and reused by the next run),
/// or a new one; a cache that cannot be used is a warning on standard error, and the run goes on
/// without it. `forOneRun`: the command runs the pipeline once (`BuildCache.engine`).
func cachedEngine(_ options: BuildOptions, forOneRun: Bool) -> Engine {
    let (engine, problem) = BuildCache.engine(folder: options.cacheFolder, forOneRun: forOneRun)
    if let problem { FileHandle.standardError.write(Data((warningText(problem) + "\n").utf8)) }
    return engine
}

/// A warning as `fail` writes an error, for the commands that go on after it: its rule id, its
/// message and its fix on a line of its own.
func warningText(_ warning: Diagnostic) -> String {
    warning.warningLine
}

/// Reads `--at`, an ISO 8601 moment, or now.
func moment(_ text: String?) throws -> Date {
    guard let text else { return Date() }
    guard let date = Timestamp.date(from: text) else {
        throw ValidationError("`\(text)` is not an ISO 8601 date and time, such as 2026-11-22T09:30:00Z.")
    }
    return date
}
