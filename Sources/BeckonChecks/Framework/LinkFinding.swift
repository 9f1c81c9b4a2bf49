import BeckonDiagnostics
import BeckonRender

extension SiteRule {
    /// A finding about a link, placed where the link's bytes were written.
    func finding(
        _ severity: Severity, _ message: String, _ artifact: Artifact, _ link: FoundLink, fix: String
    ) -> Diagnostic {
        let location = FindingPlacement.location(in: artifact, line: link.line, needle: link.url)
        var diagnostic = Diagnostic(severity, id, message, at: location, fix: fix)
        diagnostic.notes = ["in \(link.attribute)"]
        if artifact.kind != .document {
            diagnostic.artifact = artifact.path
            diagnostic.artifactLine = link.line
        }
        diagnostic.locale = artifact.locale?.rawValue
        diagnostic.sample = artifact.sample
        return diagnostic
    }
}

/// A URL's scheme, lower-cased, or `nil` for a relative reference.
func scheme(of url: String) -> String? {
    guard let colon = url.firstIndex(of: ":") else { return nil }
    let candidate = url[..<colon]
    guard let first = candidate.first, first.isLetter,
        candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return candidate.lowercased()
}

/// The host of an absolute URL, lower-cased.
func host(of url: String) -> String? {
    guard let range = url.range(of: "://") else { return nil }
    let rest = url[range.upperBound...]
    let authority = rest.prefix { !"/?#".contains($0) }
    let hostPart = authority.split(separator: "@").last.map(String.init) ?? ""
    return hostPart.split(separator: ":").first.map { $0.lowercased() }
}

/// The path of an absolute URL (`/invite/ABC` for `https://host/invite/ABC?x=1`).
func path(of url: String) -> String {
    guard let range = url.range(of: "://") else { return url }
    let rest = url[range.upperBound...]
    let afterAuthority = rest.drop { !"/?#".contains($0) }
    return String(afterAuthority.prefix { $0 != "?" && $0 != "#" })
}
