import BeckonDiagnostics
import BeckonRecords
import BeckonRender
import Foundation

/// The files `beckon lint` reads: the HTML files it lints, and of the other files below their
/// folder only those a linted page links to, read when a link names them. Linting one page beside
/// a folder of large files reads the page and what its links reach, nothing else.
public struct LintFiles {
    /// The linted pages (`document`) and the files their links reach (`asset`), by path relative
    /// to the folder they were found in.
    public private(set) var artifacts: [Artifact] = []
    /// What the checks read of each artifact, in the order of `artifacts`: each page is parsed once.
    public private(set) var facts: [ArtifactFacts] = []
    /// The findings of a checker's rules about each page on its own, when `add` was given one:
    /// they run as soon as the page is parsed, and its parsed tree is let go of then.
    public private(set) var pageFindings: [Diagnostic] = []
    /// A file's bytes, or `nil` when it cannot be read; called from several threads at once.
    let read: @Sendable (URL) -> [UInt8]?
    /// Whether a regular file (not a folder or a symbolic link) is at a URL.
    let isFile: (URL) -> Bool

    /// Files read through `read`, whose existence `isFile` tells.
    public init(read: @escaping @Sendable (URL) -> [UInt8]?, isFile: @escaping (URL) -> Bool) {
        self.read = read
        self.isFile = isFile
    }

    /// Files read from the file system.
    public static func disk() -> LintFiles {
        LintFiles(
            read: { FileBytes.read($0.path) },
            isFile: { url in
                let type = try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
                return type == .typeRegular
            })
    }

    /// The site the checks see: every artifact read so far.
    public var site: CheckedSite { CheckedSite(artifacts, facts: facts) }

    /// Adds the HTML files among `files` as pages to lint, and the files below `root` their links
    /// point at (resolved as the link rules resolve them) as link targets.
    /// - Parameter checker: Runs its rules about each page on its own as soon as the page is
    ///   parsed (`pageFindings`), then lets go of the parsed tree: what the site rules read of the
    ///   page stays. Check the site with `Checker.check(_:pagesChecked:)` then.
    public mutating func add(linting files: [URL], below root: URL, checkingPagesWith checker: Checker? = nil) {
        let rootPath = root.standardizedFileURL.path
        let known = Set(artifacts.map(\.path))
        let read = self.read
        // Pages are read, parsed and checked on every core; each is parsed once.
        let loaded = files.filter { Self.isHTML($0.path) }.parallelMap {
            file -> (Artifact, ArtifactFacts, [Diagnostic])? in
            let path = Self.path(of: file, below: rootPath)
            guard !known.contains(path), let bytes = read(file) else { return nil }
            let page = Artifact(
                path: path, kind: .document, contentType: "text/html", bytes: bytes,
                origin: SourceLocation(file: path))
            let facts = ArtifactFacts(page)
            guard let checker, let parsed = facts.page else { return (page, facts, []) }
            let findings = checker.check(page, page: parsed)
            parsed.releaseDocument()
            return (page, facts, findings)
        }.compactMap { $0 }
        artifacts += loaded.map(\.0)
        facts += loaded.map(\.1)
        pageFindings += loaded.flatMap(\.2)
        // Whether a file exists is asked once per path: most links reach the same few files, and
        // the linted pages are known to exist.
        var exists = Dictionary(artifacts.map { ($0.path, true) }, uniquingKeysWith: { first, _ in first })
        func isKnownFile(_ candidate: String) -> Bool {
            if let known = exists[candidate] { return known }
            let found = isFile(root.appendingPathComponent(candidate))
            exists[candidate] = found
            return found
        }
        func targets(of links: [(path: String, links: [FoundLink])]) -> Set<String> {
            var targets = Set<String>()
            for (from, links) in links {
                for link in links {
                    guard let path = link.internalPath,
                        let target = CheckedSite.resolve(path, from: from, exists: { isKnownFile($0) })
                    else { continue }
                    targets.insert(target)
                }
            }
            return targets
        }
        var pending = targets(of: loaded.map { ($0.0.path, $0.1.page?.links ?? []) })
        // The style sheets they reach are read, and what those load in turn.
        while !pending.isEmpty {
            let added = Set(artifacts.map(\.path))
            var reached: [Artifact] = []
            for target in pending.sorted() where !added.contains(target) {
                guard let bytes = read(root.appendingPathComponent(target)) else { continue }
                let isCSS = target.lowercased().hasSuffix(".css")
                reached.append(
                    Artifact(
                        path: target, kind: .asset,
                        contentType: Self.isHTML(target)
                            ? "text/html" : isCSS ? "text/css" : "application/octet-stream", bytes: bytes,
                        // A style sheet's own links are checked, as a linted page's are.
                        origin: isCSS ? SourceLocation(file: target) : nil))
            }
            let reachedFacts = reached.parallelMap(ArtifactFacts.init)
            artifacts += reached
            facts += reachedFacts
            pending = targets(
                of: zip(reached, reachedFacts).filter { $0.0.contentType == "text/css" }.map {
                    ($0.0.path, $0.1.textLinks)
                })
        }
    }

    /// A file's path below its folder (`rootPath`, standardized), as its standardized URL gives
    /// it. A path below the folder without `.`, `..` or empty components is standard already and
    /// is not made a URL again (a URL round trip per page, 1 % of a lint of 3,000 pages).
    static func path(of file: URL, below rootPath: String) -> String {
        let path = file.path
        // Compared and cut in UTF-8: as characters, a root ending in a character that joins the
        // `/` after it would not match, or lose one too many.
        let isStandard =
            path.utf8.starts(with: (rootPath + "/").utf8)
            && !path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst().contains {
                $0.isEmpty || $0.elementsEqual([UInt8(ascii: ".")])
                    || $0.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
            }
        let standard = isStandard ? path : file.standardizedFileURL.path
        return String(decoding: standard.utf8.dropFirst(rootPath.utf8.count + 1), as: UTF8.self)
    }

    /// The HTML files below a folder, sorted by path: regular files, or symbolic links to them;
    /// linked folders are not entered. Names are read with `readdir`, whose entry types spare a
    /// `stat` per file (Foundation's enumerator took a fifth of a second for 3,000 pages), and
    /// the folder's subfolders are walked on every core.
    public static func htmlFiles(below folder: URL) -> [URL] {
        let top = entries(of: folder.path)
        let nested = top.folders.parallelMap { subfolder -> [String] in
            var found: [String] = []
            var pending = [subfolder]
            while let path = pending.popLast() {
                let listed = entries(of: path)
                found += listed.files
                pending += listed.folders
            }
            return found
        }
        // Known to be files: a URL told so asks the file system nothing (without it, one `stat` each).
        return (top.files + nested.joined()).sorted().map { URL(fileURLWithPath: $0, isDirectory: false) }
    }

    /// The HTML files and the subfolders directly in a folder, by path.
    private static func entries(of path: String) -> (files: [String], folders: [String]) {
        var files: [String] = []
        var folders: [String] = []
        guard let directory = opendir(path) else { return ([], []) }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let child = path + "/" + name
            // A file system that does not say what an entry is gets asked, without following links.
            let type = entry.pointee.d_type == DT_UNKNOWN ? Self.mode(child, following: false) : nil
            if entry.pointee.d_type == DT_DIR || type == S_IFDIR {
                folders.append(child)
            } else if isHTML(name),
                entry.pointee.d_type == DT_REG || type == S_IFREG || Self.mode(child, following: true) == S_IFREG
            {
                // A symbolic link counts when it reaches a regular file.
                files.append(child)
            }
        }
        return (files, folders)
    }

    /// The file type bits (`S_IFDIR`, `S_IFREG`, …) of a path, or `nil` when it cannot be read.
    private static func mode(_ path: String, following: Bool) -> mode_t? {
        var status = stat()
        guard (following ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// Whether a path names an HTML file (`.html`, `.htm`).
    public static func isHTML(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm")
    }
}
