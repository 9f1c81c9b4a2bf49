import BeckonDiagnostics
import BeckonHTML
import BeckonRender

/// Everything a build wrote, as the checks see it: every artifact's path, and every HTML page
/// parsed once (in parallel) with its element ids, for rules that look across pages — links
/// between them, `hreflang` reciprocity, colours shared by all.
public struct CheckedSite: Sendable {
    public let artifacts: [Artifact]
    /// Parsed HTML pages, by output path.
    public let pages: [String: CheckedPage]
    /// Every output path, for internal link targets.
    public let paths: Set<String>
    /// Every link of every artifact.
    let links: [(artifact: Artifact, link: FoundLink)]

    public init(_ artifacts: [Artifact]) {
        let parsed = artifacts.filter(Self.isPage).parallelMap(CheckedPage.init)
        self.init(artifacts, pages: parsed)
    }

    /// The site with its pages already parsed (by a caller that keeps parsed pages between builds).
    public init(_ artifacts: [Artifact], pages: [CheckedPage]) {
        self.artifacts = artifacts
        self.pages = Dictionary(pages.map { ($0.artifact.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.paths = Set(artifacts.map(\.path))
        self.links = Self.gatherLinks(artifacts, pages: self.pages)
    }

    /// Whether an artifact is an HTML page the checks parse.
    public static func isPage(_ artifact: Artifact) -> Bool {
        artifact.contentType.hasPrefix("text/html")
    }

    /// The page a root-relative or relative path points at (`/de-DE/gone/` → `de-DE/gone/index.html`),
    /// or `nil` when the build wrote nothing there.
    public func resolve(_ path: String, from page: String) -> String? {
        var target = path
        if !target.hasPrefix("/") {
            let folder = page.split(separator: "/").dropLast().joined(separator: "/")
            target = "/" + (folder.isEmpty ? "" : folder + "/") + target
        }
        var segments: [Substring] = []
        for segment in target.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == ".." {
                guard !segments.isEmpty else { return nil }
                segments.removeLast()
            } else if segment != "." {
                segments.append(segment)
            }
        }
        let file = segments.joined(separator: "/")
        if target.hasSuffix("/") || file.isEmpty {
            let index = file.isEmpty ? "index.html" : file + "/index.html"
            return paths.contains(index) ? index : nil
        }
        if paths.contains(file) { return file }
        return paths.contains(file + "/index.html") ? file + "/index.html" : nil
    }
}

/// A check across all artifacts at once.
public protocol SiteRule: Sendable {
    var id: RuleID { get }
    func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic]
}
