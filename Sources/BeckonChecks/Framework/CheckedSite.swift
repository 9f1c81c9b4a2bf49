import BeckonDiagnostics
import BeckonHTML
import BeckonRender
import BeckonSite

/// Everything a build wrote, as the checks see it: every artifact's path, and every HTML page
/// parsed once (in parallel) with its element ids, for rules that look across pages — links
/// between them, `hreflang` reciprocity, colours shared by all.
public struct CheckedSite: Sendable {
    public let artifacts: [Artifact]
    /// Parsed HTML pages, by output path.
    public let pages: [String: CheckedPage]
    /// Every output path, for internal link targets.
    public let paths: Set<String>
    /// The links of each artifact, in the order of `artifacts` (none for copied files).
    private let linksByArtifact: [[FoundLink]]
    private let linksByPath: [String: [FoundLink]]

    /// Every link of every artifact, in the order of `artifacts`: pages, plain-text artifacts and
    /// recorded deep links.
    func allLinks() -> [(artifact: Artifact, link: FoundLink)] {
        zip(artifacts, linksByArtifact).flatMap { artifact, links in links.map { (artifact, $0) } }
    }

    /// The links of one artifact.
    public func links(of path: String) -> [FoundLink] { linksByPath[path] ?? [] }
    /// The distinct colour palettes the pages declare.
    let palettes: [ThemePalettes.Palette]
    /// Email messages read back, by output path.
    public let messages: [String: ArtifactFacts.MessageFacts]
    /// Every email's files, by the path they share.
    public let emails: [EmailFiles]
    /// The size of each static asset, by output path.
    public let assetSizes: [String: Int]
    /// What each static image is drawn in (`ArtifactFacts.ink`), by output path.
    let inks: [String: [(color: Color, share: Double)]]

    public init(_ artifacts: [Artifact]) {
        self.init(artifacts, facts: artifacts.parallelMap(ArtifactFacts.init))
    }

    /// The site with each artifact's facts already read (by a caller that keeps them between
    /// builds); `facts` is in the order of `artifacts`.
    public init(_ artifacts: [Artifact], facts: [ArtifactFacts]) {
        self.artifacts = artifacts
        // The pages with their palettes and the set of paths on one core, the links, messages and
        // inks on the other: two passes over every artifact that neither waits for.
        let (pageParts, linkParts) = inParallel(
            { () -> ([String: CheckedPage], [ThemePalettes.Palette], Set<String>) in
                let pages = Self.pages(artifacts, facts: facts)
                return (pages, ThemePalettes.collect(pages: pages), Set(artifacts.map(\.path)))
            },
            { Self.links(artifacts, facts: facts) })
        let (pages, palettes, paths) = pageParts
        let messages = linkParts.messages
        self.linksByArtifact = linkParts.byArtifact
        self.inks = linkParts.inks
        self.linksByPath = linkParts.byPath
        var emails: [String: EmailFiles] = [:]
        for artifact in artifacts {
            let suffix: String
            switch artifact.kind {
            case .emailHTML: suffix = ".html"
            case .emailText: suffix = ".txt"
            case .emailMIME: suffix = ".eml"
            default: continue
            }
            let base = String(artifact.path.dropLast(suffix.count))
            var files = emails[base] ?? EmailFiles(base: base)
            switch artifact.kind {
            case .emailHTML:
                files.html = artifact
                files.page = pages[artifact.path]
            case .emailText: files.text = artifact
            default:
                files.message = artifact
                files.messageFacts = messages[artifact.path]
            }
            emails[base] = files
        }
        self.emails = emails.keys.sorted().map { emails[$0]! }
        self.assetSizes = Dictionary(
            artifacts.filter { $0.kind == .asset }.map { ($0.path, $0.byteCount) },
            uniquingKeysWith: { first, _ in first })
        self.pages = pages
        self.messages = messages
        self.paths = paths
        self.palettes = palettes
    }

    /// Each artifact's links (in the order of `artifacts`, and by path), the messages read back
    /// and the inks of images, by path.
    private static func links(
        _ artifacts: [Artifact], facts: [ArtifactFacts]
    ) -> (
        byArtifact: [[FoundLink]], byPath: [String: [FoundLink]], messages: [String: ArtifactFacts.MessageFacts],
        inks: [String: [(color: Color, share: Double)]]
    ) {
        var messages: [String: ArtifactFacts.MessageFacts] = [:]
        var linksByArtifact: [[FoundLink]] = []
        linksByArtifact.reserveCapacity(artifacts.count)
        var linksByPath: [String: [FoundLink]] = [:]
        linksByPath.reserveCapacity(artifacts.count)
        var inks: [String: [(color: Color, share: Double)]] = [:]
        for (artifact, facts) in zip(artifacts, facts) {
            if let ink = facts.ink, inks[artifact.path] == nil { inks[artifact.path] = ink }
            if let message = facts.message { messages[artifact.path] = message }
            guard artifact.origin != nil else {
                linksByArtifact.append([])
                continue
            }
            var own = facts.page?.links ?? facts.textLinks
            if let deepLink = facts.deepLink { own.append(deepLink) }
            linksByArtifact.append(own)
            // Stored as they are (one buffer with the facts') unless two artifacts share a path.
            if let earlier = linksByPath[artifact.path] {
                linksByPath[artifact.path] = earlier + own
            } else {
                linksByPath[artifact.path] = own
            }
        }
        return (linksByArtifact, linksByPath, messages, inks)
    }

    /// The parsed page at each path: the first artifact's where two share a path (a collision the
    /// build reports), as `pages` keeps them; `facts` is in the order of `artifacts`.
    public static func pages(_ artifacts: [Artifact], facts: [ArtifactFacts]) -> [String: CheckedPage] {
        var pages: [String: CheckedPage] = [:]
        for (artifact, facts) in zip(artifacts, facts) {
            if let page = facts.page, pages[artifact.path] == nil { pages[artifact.path] = page }
        }
        return pages
    }

    /// Whether an artifact is an HTML page the checks parse.
    public static func isPage(_ artifact: Artifact) -> Bool {
        artifact.contentType.hasPrefix("text/html")
    }

    /// The page a root-relative or relative path points at (`/de-DE/gone/` → `de-DE/gone/index.html`),
    /// or `nil` when the build wrote nothing there.
    public func resolve(_ path: String, from page: String) -> String? {
        Self.resolve(path, from: page, exists: paths.contains)
    }

    /// The file a root-relative or relative path points at from `page`, given which files exist
    /// (asked only about the candidates: the file, or the folder's `index.html`); `nil` when none
    /// does or the path climbs above the root.
    public static func resolve(_ path: String, from page: String, exists: (String) -> Bool) -> String? {
        candidates(path, from: page).first(where: exists)
    }

    /// The files a root-relative or relative path from `page` may mean, in the order a server
    /// tries them: a path ending in `/` (or the root) is its folder's `index.html`; any other path
    /// is the file itself, then a folder's `index.html`. Empty when the path climbs above the root.
    public static func candidates(_ path: String, from page: String) -> [String] {
        // Most paths are already root-relative and plain: no `.`, `..` or empty segments to resolve.
        if let file = plainFile(path) {
            return path.utf8.last == UInt8(ascii: "/") || file.isEmpty
                ? [file.isEmpty ? "index.html" : file + "/index.html"] : [file, file + "/index.html"]
        }
        var target = path
        if !target.hasPrefix("/") {
            let folder = page.split(separator: "/").dropLast().joined(separator: "/")
            target = "/" + (folder.isEmpty ? "" : folder + "/") + target
        }
        var segments: [Substring] = []
        for segment in target.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == ".." {
                guard !segments.isEmpty else { return [] }
                segments.removeLast()
            } else if segment != "." {
                segments.append(segment)
            }
        }
        let file = segments.joined(separator: "/")
        if target.hasSuffix("/") || file.isEmpty {
            return [file.isEmpty ? "index.html" : file + "/index.html"]
        }
        return [file, file + "/index.html"]
    }
}

extension CheckedSite {
    /// The file of a root-relative path whose segments need no resolving (none is empty, `.` or
    /// `..`), without its leading and trailing `/`; `nil` for any other path.
    fileprivate static func plainFile(_ path: String) -> String? {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        var segmentLength = 0
        var dots = 0
        var index = bytes.index(after: bytes.startIndex)
        if index == bytes.endIndex { return "" }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                // An empty segment (`//`), `.` or `..` needs resolving; a trailing `/` does not.
                if segmentLength == 0 || dots == segmentLength { return nil }
                segmentLength = 0
                dots = 0
            } else {
                segmentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            index = bytes.index(after: index)
        }
        if segmentLength > 0 && dots == segmentLength { return nil }
        let start = bytes.index(after: bytes.startIndex)
        let end = bytes.last == UInt8(ascii: "/") ? bytes.index(before: bytes.endIndex) : bytes.endIndex
        return String(path[start..<end])
    }
}

/// A check across all artifacts at once.
public protocol SiteRule: Sendable {
    var id: RuleID { get }
    func check(_ site: CheckedSite, context: CheckContext) -> [Diagnostic]
    /// How a checker runs the rule. Link, page and email rules answer for themselves; any other
    /// runs once over the whole site.
    var role: SiteRuleRole { get }
}

extension SiteRule {
    public var role: SiteRuleRole { .wholeSite }
}

/// How a checker runs a site rule: on each link, on each page, on each email, or once over the
/// whole site. Each kind of rule names its own, so a checker sorts its rules without asking the
/// runtime whether each conforms to each kind (those casts were 15 M instructions per checker).
public enum SiteRuleRole: Sendable {
    case link(any LinkRule)
    case page(any PageSiteRule)
    case email(any EmailRule)
    case wholeSite
}
