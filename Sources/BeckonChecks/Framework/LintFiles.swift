import BeckonDiagnostics
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
    /// A file's bytes, or `nil` when it cannot be read.
    let read: (URL) -> [UInt8]?
    /// Whether a regular file (not a folder or a symbolic link) is at a URL.
    let isFile: (URL) -> Bool

    /// Files read through `read`, whose existence `isFile` tells.
    public init(read: @escaping (URL) -> [UInt8]?, isFile: @escaping (URL) -> Bool) {
        self.read = read
        self.isFile = isFile
    }

    /// Files read from the file system.
    public static func disk() -> LintFiles {
        LintFiles(
            read: { FileManager.default.contents(atPath: $0.path).map { Array($0) } },
            isFile: { url in
                let type = try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
                return type == .typeRegular
            })
    }

    /// The site the checks see: every artifact read so far.
    public var site: CheckedSite { CheckedSite(artifacts, facts: facts) }

    /// Adds the HTML files among `files` as pages to lint, and the files below `root` their links
    /// point at (resolved as the link rules resolve them) as link targets.
    public mutating func add(linting files: [URL], below root: URL) {
        let rootPath = root.standardizedFileURL.path
        let known = Set(artifacts.map(\.path))
        var pages: [Artifact] = []
        for file in files where Self.isHTML(file.path) {
            let path = String(file.standardizedFileURL.path.dropFirst(rootPath.count + 1))
            guard !known.contains(path), let bytes = read(file) else { continue }
            pages.append(
                Artifact(
                    path: path, kind: .document, contentType: "text/html", bytes: bytes,
                    origin: SourceLocation(file: path)))
        }
        let pageFacts = pages.parallelMap(ArtifactFacts.init)
        artifacts += pages
        facts += pageFacts
        let isFile = self.isFile
        var targets = Set<String>()
        for (page, pageFacts) in zip(pages, pageFacts) {
            for link in pageFacts.page?.links ?? [] {
                guard let path = link.internalPath,
                    let target = CheckedSite.resolve(
                        path, from: page.path, exists: { isFile(root.appendingPathComponent($0)) })
                else { continue }
                targets.insert(target)
            }
        }
        let added = Set(artifacts.map(\.path))
        var reached: [Artifact] = []
        for target in targets.sorted() where !added.contains(target) {
            guard let bytes = read(root.appendingPathComponent(target)) else { continue }
            reached.append(
                Artifact(
                    path: target, kind: .asset,
                    contentType: Self.isHTML(target) ? "text/html" : "application/octet-stream", bytes: bytes))
        }
        artifacts += reached
        facts += reached.parallelMap(ArtifactFacts.init)
    }

    /// Whether a path names an HTML file (`.html`, `.htm`).
    public static func isHTML(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm")
    }
}
