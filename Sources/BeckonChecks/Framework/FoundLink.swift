import BeckonHTML
import BeckonRender

/// A URL found in a written artifact, with where it was found.
public struct FoundLink: Sendable, Hashable {
    /// The URL as written (entities decoded).
    public var url: String
    /// What holds it: `href`, `src`, `srcset`, `action`, `og:image`, `text`, `deep link`…
    public var attribute: String
    /// The line in the artifact (1 for text and deep links).
    public var line: Int
    /// The output path of the artifact.
    public var path: String

    /// Every URL of an HTML page: `href`, `src`, each `srcset` candidate, `action`, `poster`, the
    /// Open Graph and Twitter image and URL, and the Smart App Banner's `app-argument`.
    static func links(in document: HTMLDocument, path: String) -> [FoundLink] {
        var links: [FoundLink] = []
        for node in document.root.descendants where node.isElement {
            for attribute in ["href", "src", "action", "poster", "cite", "formaction"] {
                if let value = node[attribute: attribute] {
                    links.append(FoundLink(url: value, attribute: attribute, line: node.line, path: path))
                }
            }
            if let srcset = node[attribute: "srcset"] {
                for candidate in srcset.split(separator: ",") {
                    let url = candidate.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
                    links.append(FoundLink(url: url, attribute: "srcset", line: node.line, path: path))
                }
            }
            guard node.name == "meta", let content = node[attribute: "content"] else { continue }
            let name = node[attribute: "property"] ?? node[attribute: "name"] ?? ""
            if metaURLs.contains(name) {
                links.append(FoundLink(url: content, attribute: name, line: node.line, path: path))
            }
            if name == "apple-itunes-app",
                let argument = content.split(separator: ",").first(where: { $0.contains("app-argument=") })
            {
                let url = argument.split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
                links.append(
                    FoundLink(
                        url: url.replacingOccurrences(of: "%2C", with: ","), attribute: "app-argument", line: node.line,
                        path: path))
            }
        }
        return links
    }

    /// Meta properties whose content is a URL, which must be absolute.
    static let metaURLs: Set<String> = ["og:image", "og:url", "og:image:secure_url", "twitter:image", "og:video"]

    /// The URLs in plain text (share messages, email text parts): `https://…`, `http://…` and
    /// `mailto:…` words, trailing punctuation removed.
    static func links(inText text: String, path: String) -> [FoundLink] {
        var links: [FoundLink] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for word in line.split(whereSeparator: { $0.isWhitespace || "<>\"".contains($0) }) {
                var candidate = String(word)
                while let last = candidate.last, ".,;:!?)'".contains(last) { candidate.removeLast() }
                if let start = candidate.range(of: "https://") ?? candidate.range(of: "http://") {
                    links.append(
                        FoundLink(
                            url: String(candidate[start.lowerBound...]), attribute: "text", line: index + 1, path: path)
                    )
                }
            }
        }
        return links
    }
}

extension CheckedSite {
    /// Every link of every artifact: pages, plain-text artifacts and recorded deep links.
    func allLinks() -> [(artifact: Artifact, link: FoundLink)] { links }
}
