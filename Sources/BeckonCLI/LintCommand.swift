import ArgumentParser
import BeckonBuild
import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import BeckonSite
import Foundation

/// `beckon lint PATH...`: the link and document rules over any folder of HTML.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract:
            "Check HTML files Beckon did not build: links, fragments, srcset, Open Graph URLs and document rules.",
        discussion: """
            Every *.html file below each PATH is parsed with libxml2. Internal links and #fragments \
            are resolved within PATH (a folder means its index.html); a single file's links may point \
            at any file in its folder, and only the files they point at are read. Without --allow-host or --site, https links to any host are \
            accepted. With --site (or run in a site folder), the site's app.urlScheme is a declared \
            deep-link scheme; --site also checks hosts against the site's. Offline: nothing is fetched.
            """)

    @Argument(help: "Folders or files to check.") var paths: [String]
    @Option(
        name: .customLong("allow-host"), help: "A host https links may point at (repeatable); enables the host check.")
    var allowedHosts: [String] = []
    @Option(name: .customLong("scheme"), help: "A deep-link scheme the pages may use (repeatable).")
    var schemes: [String] = []
    @Option(help: ArgumentHelp("Report format: text, json, junit, sarif, github.", valueName: "format"))
    var format: DiagnosticFormat = .text
    @Option(
        help: ArgumentHelp(
            "A Beckon site whose app.urlScheme and allowed hosts apply (default: the current folder's beckon.yml, for the scheme).",
            valueName: "dir"))
    var site: String?

    func run() throws {
        BatchMemory.growHeapsInLargeSteps()
        let folders = try paths.map { path -> (url: URL, isDirectory: Bool) in
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw ValidationError("`\(path)` does not exist.")
            }
            return (url, isDirectory.boolValue)
        }
        var hosts = Set(allowedHosts.map { $0.lowercased() })
        var declared = Set(schemes.map { $0.lowercased() })
        if let config = try siteConfig() {
            if let scheme = config.app.urlScheme { declared.insert(scheme.lowercased()) }
            if site != nil { hosts.formUnion(CheckSetup.allowedHosts(config)) }
        }
        let checker = Checker.lint(allowedHosts: hosts, schemes: declared)
        var files = LintFiles.disk()
        for (url, isDirectory) in folders {
            // A single file is linted on its own, but the files of its folder are what its links
            // reach; only those they point at are read. Each page's own rules run as soon as it
            // is parsed, and its parsed tree is let go of then.
            let root = isDirectory ? url : url.deletingLastPathComponent()
            files.add(linting: Self.files(url, isDirectory: isDirectory), below: root, checkingPagesWith: checker)
        }
        let report = DiagnosticReport(files.pageFindings + checker.check(files.site, pagesChecked: true)).finalized()
        // Findings quote their lines: only the pages they point at are kept as text.
        let quoted = Set(report.diagnostics.compactMap { $0.location?.file })
        let sources = SourceStore()
        let quotedFiles = files.artifacts.filter {
            ($0.kind == .document || $0.contentType == "text/css") && quoted.contains($0.path)
        }
        // Each file's lines are indexed on every core, then remembered.
        let texts = quotedFiles.parallelMap { artifact in
            SourceText(path: artifact.path, text: String(decoding: artifact.bytes, as: UTF8.self))
        }
        for text in texts { sources.add(text) }
        print(
            format.render(
                report, sources: sources, color: format == .text && Terminal().stdoutIsColorTerminal,
                toolVersion: BeckonCommand.version), terminator: "")
        if format == .text {
            let pages = files.artifacts.count { $0.kind == .document }
            print(
                report.isEmpty
                    ? "Linted \(pages) pages: no problems."
                    : "Linted \(pages) pages: \(report.countsPhrase).")
        }
        // Exit here, with every parsed page still in memory: freeing them one node at a time
        // took a tenth of the run on 3,000 pages, and the process is ending anyway.
        Foundation.exit(report.hasErrors ? 1 : 0)
    }

    /// The configuration of `--site`, or of the current folder when it is a site.
    private func siteConfig() throws -> SiteConfig? {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let folder = site.map { URL(fileURLWithPath: $0, relativeTo: current) } ?? current
        guard site != nil || FileManager.default.fileExists(atPath: folder.appendingPathComponent("beckon.yml").path)
        else { return nil }
        let sources = SourceStore()
        let (config, diagnostics) = SiteLoader(root: folder.standardizedFileURL, sources: sources).loadConfig()
        guard let config else {
            print(format.render(DiagnosticReport(diagnostics).finalized(), sources: sources), terminator: "")
            throw ExitCode(1)
        }
        return config
    }

    /// The file itself, or the HTML files below a folder (their names only: nothing is read).
    static func files(_ url: URL, isDirectory: Bool) -> [URL] {
        isDirectory ? LintFiles.htmlFiles(below: url) : [url]
    }
}
