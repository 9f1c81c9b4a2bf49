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
            at any file in its folder, and only the files they point at are read. Each folder given \
            (or folder of a file given) is a site of its own, except a folder inside another given \
            one, which belongs to it; with several sites, findings name their files with their folder. Without --allow-host or --site, https links to any host are \
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
        // Each folder is a site of its own (its links resolve within it); files given from one
        // folder are linted together, as the pages of one site.
        let sites = Self.sites(folders)
        var findings: [Diagnostic] = []
        var quotable: [(shown: String, artifact: Artifact)] = []
        var pages = 0
        // Every site's files stay in memory until the process exits (below).
        var lintedFiles: [LintFiles] = []
        for (root, pageFiles) in sites {
            // A single file's links may reach any file of its folder; only those they point at
            // are read. Each page's own rules run as soon as it is parsed, and its parsed tree is
            // let go of then.
            var files = LintFiles.disk()
            files.add(linting: pageFiles, below: root, checkingPagesWith: checker)
            // Several folders: each finding names its file with the folder it is in.
            let prefix = sites.count > 1 ? Self.prefix(of: root) : ""
            findings += (files.pageFindings + checker.check(files.site, pagesChecked: true)).map {
                Self.placed($0, under: prefix)
            }
            quotable += files.artifacts.filter { $0.kind == .document || $0.contentType == "text/css" }.map {
                (prefix + $0.path, $0)
            }
            pages += files.artifacts.count { $0.kind == .document }
            lintedFiles.append(files)
        }
        let report = DiagnosticReport(findings).finalized()
        // Findings quote their lines: only the pages they point at are kept as text.
        let quoted = Set(report.diagnostics.compactMap { $0.location?.file })
        let sources = SourceStore()
        // Each file's lines are indexed on every core, then remembered.
        let texts = quotable.filter { quoted.contains($0.shown) }.parallelMap { shown, artifact in
            SourceText(path: shown, text: String(decoding: artifact.bytes, as: UTF8.self))
        }
        for text in texts { sources.add(text) }
        print(
            format.render(
                report, sources: sources, color: format == .text && Terminal().stdoutIsColorTerminal,
                toolVersion: BeckonCommand.version), terminator: "")
        if format == .text {
            let linted = pages == 1 ? "1 page" : "\(pages) pages"
            print(report.isEmpty ? "Linted \(linted): no problems." : "Linted \(linted): \(report.countsPhrase).")
        }
        // Exit here, with every parsed page and its facts still in memory: freeing them one node
        // at a time took a tenth of the run on 3,000 pages, and the process is ending anyway.
        withExtendedLifetime(lintedFiles) { Foundation.exit(report.hasErrors ? 1 : 0) }
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

    /// The sites the PATH arguments name, in their order: each folder given, and the folder of
    /// each file given, except folders inside another of them, whose pages belong to the outer
    /// one (so the order of the arguments does not matter); each page once, sites without pages
    /// left out. Folders are compared with symbolic links resolved, and a page is known by its
    /// path below its resolved folder (resolved once per argument, not once per page).
    static func sites(_ paths: [(url: URL, isDirectory: Bool)]) -> [(root: URL, files: [URL])] {
        let given = paths.map { url, isDirectory in
            (
                url: url, isDirectory: isDirectory,
                root: (isDirectory ? url : url.deletingLastPathComponent()).standardizedFileURL
            )
        }
        let resolved = given.map { $0.root.resolvingSymlinksInPath().path }
        func isInside(_ path: String, _ folder: String) -> Bool {
            path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
        }
        var sites: [(root: URL, files: [URL])] = []
        var resolvedRoots: [String] = []
        var seen = Set<String>()
        for (index, path) in given.enumerated() {
            // The outermost folder given that holds this one (the first given, among equals).
            let outer =
                resolved.indices.filter { isInside(resolved[index], resolved[$0]) }
                .min {
                    resolved[$0].count < resolved[$1].count || (resolved[$0].count == resolved[$1].count && $0 < $1)
                }
                ?? index
            let listed = path.url.path
            let files = Self.files(path.url, isDirectory: path.isDirectory).filter { file in
                let below =
                    path.isDirectory && file.path.hasPrefix(listed)
                    ? String(file.path.dropFirst(listed.count)) : "/" + file.lastPathComponent
                return seen.insert(resolved[index] + below).inserted
            }
            if let site = resolvedRoots.firstIndex(of: resolved[outer]) {
                sites[site].files += files
            } else {
                resolvedRoots.append(resolved[outer])
                sites.append((given[outer].root, files))
            }
        }
        return sites.filter { !$0.files.isEmpty }
    }

    /// How a site's folder is named before its files' paths when several are linted: as the user
    /// would write it (`RunReporter.display`), with a slash.
    static func prefix(of root: URL) -> String {
        let shown = RunReporter.display(root)
        return shown.hasSuffix("/") ? shown : shown + "/"
    }

    /// A finding of one of several folders, its files named with the folder (`prefix`) they are in.
    static func placed(_ finding: Diagnostic, under prefix: String) -> Diagnostic {
        guard !prefix.isEmpty else { return finding }
        var finding = finding
        if let file = finding.location?.file { finding.location?.file = prefix + file }
        finding.artifact = finding.artifact.map { prefix + $0 }
        for index in finding.occurrences.indices {
            finding.occurrences[index].artifact = finding.occurrences[index].artifact.map { prefix + $0 }
        }
        return finding
    }
}
