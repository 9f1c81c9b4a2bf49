import ArgumentParser
import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import Foundation

/// `beckon lint PATH...`: the link and document rules over any folder of HTML.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract:
            "Check HTML files Beckon did not build: links, fragments, srcset, Open Graph URLs and document rules.",
        discussion: """
            Every *.html file below each PATH is parsed with libxml2. Internal links and #fragments \
            are resolved within PATH (a folder means its index.html). Without --allow-host, https \
            links to any host are accepted. Offline: nothing is fetched.
            """)

    @Argument(help: "Folders or files to check.") var paths: [String]
    @Option(
        name: .customLong("allow-host"), help: "A host https links may point at (repeatable); enables the host check.")
    var allowedHosts: [String] = []
    @Option(name: .customLong("scheme"), help: "A deep-link scheme the pages may use (repeatable).")
    var schemes: [String] = []
    @Option(help: ArgumentHelp("Report format: text, json, junit, sarif, github.", valueName: "format"))
    var format: DiagnosticFormat = .text

    func run() throws {
        var artifacts: [Artifact] = []
        let sources = SourceStore()
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw ValidationError("`\(path)` does not exist.")
            }
            let root = isDirectory.boolValue ? url : url.deletingLastPathComponent()
            for file in Self.files(url, isDirectory: isDirectory.boolValue) {
                guard let data = FileManager.default.contents(atPath: file.path) else { continue }
                let relative = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                let isHTML = file.pathExtension.lowercased() == "html" || file.pathExtension.lowercased() == "htm"
                artifacts.append(
                    Artifact(
                        path: relative, kind: isHTML ? .document : .asset,
                        contentType: isHTML ? "text/html" : "application/octet-stream",
                        bytes: Array(data), origin: isHTML ? SourceLocation(file: relative) : nil))
                if isHTML { sources.add(SourceText(path: relative, text: String(decoding: data, as: UTF8.self))) }
            }
        }
        let checker = Checker.lint(
            allowedHosts: Set(allowedHosts.map { $0.lowercased() }), schemes: Set(schemes.map { $0.lowercased() }))
        let report = DiagnosticReport(checker.check(artifacts)).finalized()
        print(
            format.render(
                report, sources: sources, color: format == .text && Terminal().stdoutIsColorTerminal,
                toolVersion: BeckonCommand.version), terminator: "")
        if format == .text {
            let pages = artifacts.count { $0.kind == .document }
            print(
                report.isEmpty
                    ? "Linted \(pages) pages: no problems."
                    : "Linted \(pages) pages: \(report.errorCount) errors, \(report.warningCount) warnings.")
        }
        if report.hasErrors { throw ExitCode(1) }
    }

    static func files(_ url: URL, isDirectory: Bool) -> [URL] {
        guard isDirectory else { return [url] }
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [URL] = []
        while let file = enumerator?.nextObject() as? URL {
            if (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { files.append(file) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
