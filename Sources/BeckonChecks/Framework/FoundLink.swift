import BeckonHTML
import BeckonProvenance
import BeckonRender
import BeckonURL

/// A URL found in a written artifact, with where it was found and what a browser makes of it.
public struct FoundLink: Sendable, Hashable {
    /// The URL as written (entities decoded).
    public var url: String { storage.url }
    /// What holds it: `href`, `src`, `srcset`, `action`, `og:image`, `text`, `deep link`…
    public var attribute: String { storage.attribute }
    /// The line in the artifact (1 for text and deep links).
    public var line: Int { storage.line }
    /// What a browser makes of the URL (URL Standard), resolved against the page's base URL: the
    /// parts the rules read, kept instead of the whole parsed URL because every page's links stay
    /// in memory until the site rules have run.
    public var resolved: Resolution? { storage.resolved }
    /// Whether the URL names its own scheme (it is not relative to the page).
    public var isAbsolute: Bool { storage.isAbsolute }
    /// Why a browser could not read it as a URL.
    public var problem: String? { storage.problem }

    /// The parts, in one box: every link rule reads every link of a page, and a copy of a link is
    /// then one reference to retain and release instead of its strings and resolution, which are
    /// shared by every page that links to the same URL (the two cores' counts of one object
    /// meeting in one cache line). A link is never changed after it is found.
    private let storage: Storage

    private final class Storage: Sendable {
        let url: String
        let attribute: String
        let line: Int
        let resolved: Resolution?
        let isAbsolute: Bool
        let problem: String?

        init(url: String, attribute: String, line: Int, resolved: Resolution?, isAbsolute: Bool, problem: String?) {
            self.url = url
            self.attribute = attribute
            self.line = line
            self.resolved = resolved
            self.isAbsolute = isAbsolute
            self.problem = problem
        }
    }

    /// The parts of a resolved URL the link rules read, in one box: a URL read once for the
    /// whole site (absolute and path-absolute ones, which a site repeats on every page) is one
    /// box shared by every link to it, so such a link holds one reference instead of four strings.
    public final class Resolution: Sendable, Hashable {
        /// The scheme, lower-cased.
        public let scheme: String
        /// The host, serialized; `nil` for a URL without one.
        public let host: String?
        /// The fragment, percent-encoded; `nil` when the URL has none.
        public let fragment: String?
        /// The output path a link within the build points at (percent-decoded, query and fragment
        /// left out), or `nil` for a link elsewhere.
        public let internalPath: String?

        init(_ url: ParsedURL) {
            scheme = url.scheme
            host = url.host?.serialized
            fragment = url.fragment
            internalPath =
                url.scheme == "https" && host == FoundLink.siteHost
                ? "/" + url.pathSegments.joined(separator: "/") : nil
        }

        public static func == (left: Resolution, right: Resolution) -> Bool {
            left === right
                || (left.scheme == right.scheme && left.host == right.host && left.fragment == right.fragment
                    && left.internalPath == right.internalPath)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(scheme)
            hasher.combine(host)
            hasher.combine(fragment)
            hasher.combine(internalPath)
        }
    }

    public init(url: String, attribute: String, line: Int, base: ParsedURL? = nil) {
        let reading = Self.reading(of: url, base: base)
        storage = Storage(
            url: reading.url, attribute: attribute, line: line, resolved: reading.resolved,
            isAbsolute: reading.isAbsolute, problem: reading.problem)
    }

    /// What a browser makes of `url` on a page whose base URL is `base`, with the URL as kept (one
    /// shared copy of an absolute URL's text).
    private static func reading(
        of url: String, base: ParsedURL?
    ) -> (url: String, resolved: Resolution?, isAbsolute: Bool, problem: String?) {
        if case .absolute(let shared, let resolution) = AbsoluteURLs.shared.reading(of: url) {
            return (shared, resolution, true, nil)
        }
        if let base, let reading = PathAbsoluteURLs.shared.reading(of: url, base: base) {
            switch reading {
            case .resolved(let resolution): return (url, resolution, false, nil)
            case .failed(let reason): return (url, nil, false, reason)
            }
        }
        switch URLParser.parse(url, base: base) {
        case .success(let parsed):
            return (url, Resolution(parsed), false, nil)
        case .failure(let failure):
            // A relative link without a base (in a text) is not a URL a browser could open either.
            let problem = base == nil && !url.utf8.contains(UInt8(ascii: ":")) ? nil : failure.reason
            return (url, nil, false, problem)
        }
    }

    public static func == (left: FoundLink, right: FoundLink) -> Bool {
        let left = left.storage
        let right = right.storage
        return left === right
            || (left.url == right.url && left.attribute == right.attribute && left.line == right.line
                && left.resolved == right.resolved && left.isAbsolute == right.isAbsolute
                && left.problem == right.problem)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.url)
        hasher.combine(storage.attribute)
        hasher.combine(storage.line)
        hasher.combine(storage.resolved)
        hasher.combine(storage.isAbsolute)
        hasher.combine(storage.problem)
    }

    /// The origin output files are checked as served from: links that resolve to it are links
    /// within the build.
    public static let siteOrigin = "https://" + siteHost
    static let siteHost = "beckon.invalid"

    /// The URL a page is checked as, and the base its relative links resolve against (its
    /// `<base href>` when it has one).
    static func base(of document: HTMLDocument, path: String) -> ParsedURL? {
        let documentURL = try? URLParser.parse(siteOrigin + "/" + path).get()
        guard let href = document.headElements(named: "base").first?[attribute: "href"],
            let base = try? URLParser.parse(href, base: documentURL).get()
        else { return documentURL }
        return base
    }

    /// The output path a link within the build points at (percent-decoded, query and fragment
    /// left out), or `nil` for a link elsewhere.
    public var internalPath: String? { resolved?.internalPath }

    /// Every URL of an HTML page: `href` (also SVG's `xlink:href`, and `<base href>`), `src`, each
    /// `srcset` candidate, each `ping` URL, `action`, `poster`, `data`, each CSS `url(…)` and
    /// `@import` of a `<style>` element or `style` attribute, the target of a `<meta http-equiv="refresh">`, the Open Graph
    /// and Twitter image and URL, and the Smart App Banner's `app-argument`.
    /// - Parameter base: The page's base URL, `base(of:path:)`.
    static func links(in document: HTMLDocument, path: String, base: ParsedURL?) -> [FoundLink] {
        var links: [FoundLink] = []
        func found(_ url: String, _ attribute: String, _ line: Int) {
            links.append(FoundLink(url: url, attribute: attribute, line: line, base: base))
        }
        // The base itself: its scheme is a browser's to refuse like any link's.
        if let element = document.headElements(named: "base").first, let href = element[attribute: "href"] {
            links.append(
                FoundLink(
                    url: href, attribute: "base", line: element.line,
                    base: try? URLParser.parse(siteOrigin + "/" + path).get()))
        }
        document.root.walk { node in
            guard node.isElement else { return }
            if node.name == "style" {
                for css in CSSURLs.urls(in: node.textContent) { found(css.url, css.kind, node.line + css.lineOffset) }
            }
            // Each attribute is looked at once, in document order (a page has tens of thousands).
            var content: String?
            var metaName: String?
            var property: String?
            var isRefresh = false
            for attribute in node.attributes {
                let value = attribute.value
                switch attribute.name {
                // `<base href>` is the base itself, read against the page's own URL above.
                case "href" where node.name == "base": break
                case "href", "xlink:href", "src", "action", "poster", "cite", "formaction":
                    found(value, attribute.name, node.line)
                // `ping` is a space-separated list of URLs the browser posts to when the link is followed.
                case "ping":
                    for url in value.split(whereSeparator: { " \t\n\r\u{0C}".contains($0) }) {
                        found(String(url), "ping", node.line)
                    }
                case "style":
                    for css in CSSURLs.urls(in: value) { found(css.url, css.kind, node.line) }
                case "data" where node.name == "object": found(value, "data", node.line)
                case "srcset":
                    for url in Srcset.urls(value) { found(url, "srcset", node.line) }
                case "content": content = value
                case "name": metaName = value
                case "property": property = value
                case "http-equiv": isRefresh = value.lowercased() == "refresh"
                default: break
                }
            }
            guard node.name == "meta", let content else { return }
            if isRefresh, let target = Self.refreshTarget(content) { found(target, "refresh", node.line) }
            let name = property ?? metaName ?? ""
            if metaURLs.contains(name) { found(content, name, node.line) }
            if name == "apple-itunes-app", let url = Self.appArgument(of: content) {
                // Foundation's replacing is asked only when there is a `%` to replace (every page
                // has this tag, few arguments an encoded comma).
                let decoded =
                    url.utf8.contains(UInt8(ascii: "%")) ? url.replacingOccurrences(of: "%2C", with: ",") : url
                found(decoded, "app-argument", node.line)
            }
        }
        // Kept until the site rules ran: sized exactly rather than grown by doubling.
        return links.exactlySized()
    }

    /// The URLs a style sheet loads (`url(…)`, `@import`), each on its own line, resolved against
    /// the style sheet's own URL.
    static func links(inCSS css: String, path: String) -> [FoundLink] {
        let base = try? URLParser.parse(siteOrigin + "/" + path).get()
        return CSSURLs.urls(in: css).map {
            FoundLink(url: $0.url, attribute: $0.kind, line: 1 + $0.lineOffset, base: base)
        }
    }

    /// The URL of a refresh: `5; url=https://…` (the `url=` may be left out).
    static func refreshTarget(_ content: String) -> String? {
        guard let separator = content.firstIndex(where: { $0 == ";" || $0 == "," }) else { return nil }
        var rest = content[content.index(after: separator)...].drop { $0 == " " }
        if rest.lowercased().hasPrefix("url") {
            rest = rest.dropFirst(3).drop { $0 == " " }
            guard rest.first == "=" else { return nil }
            rest = rest.dropFirst().drop { $0 == " " }
        }
        if let quote = rest.first, quote == "'" || quote == "\"" {
            rest = rest.dropFirst().prefix { $0 != quote }
        }
        return rest.isEmpty ? nil : String(rest)
    }

    /// The Smart App Banner's `app-argument` in its `content` (`app-id=…, app-argument=URL`): the
    /// part after the first `=` of the first comma-separated item that names it (split at bytes
    /// when ASCII, as every content Beckon writes is: `split(atASCII:)`).
    static func appArgument(of content: String) -> String? {
        let items = content.split(atASCII: UInt8(ascii: ","))
        guard let item = items.first(where: { $0.containsBytes(appArgument) }) else { return nil }
        return item.split(atASCII: UInt8(ascii: "="), maxSplits: 1).last.map(String.init) ?? ""
    }

    /// What names the Smart App Banner's URL in its `content`.
    private static let appArgument = Array("app-argument=".utf8)

    /// Meta properties whose content is a URL, which must be absolute.
    static let metaURLs: Set<String> = ["og:image", "og:url", "og:image:secure_url", "twitter:image", "og:video"]

    /// The URLs in plain text (share messages, email text parts): the part of each word from
    /// `https://` (or else `http://`) on, trailing punctuation removed.
    static func links(inText text: String) -> [FoundLink] {
        var links: [FoundLink] = []
        var text = text
        text.withUTF8 { bytes in
            // CR, LF and CRLF each end a line, as an editor counts them, found in the bytes.
            var lineStart = 0
            var number = 1
            var index = 0
            while index <= bytes.count {
                guard index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D else {
                    index += 1
                    continue
                }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<index])
                // Most lines hold no link: looked for in the bytes before the line is split into words.
                if line.firstIndex(ofBytes: httpPrefix) != nil {
                    links += self.links(inLine: line, number: number)
                }
                let crlf = index + 1 < bytes.count && bytes[index] == 0x0D && bytes[index + 1] == 0x0A
                index += crlf ? 2 : 1
                lineStart = index
                number += 1
            }
        }
        return links
    }

    /// The URLs in one line of text: the part of each word from `https://` (or else `http://`) on.
    /// Words are split at whitespace and `<`, `>`, `"` as characters; the line is first cut at
    /// those of its separators that are ASCII between two ASCII bytes (no character can join
    /// them), and only the parts that hold a URL and a byte outside ASCII are read as characters.
    /// - Parameter bytes: The line's UTF-8, without its line terminator.
    private static func links(inLine bytes: UnsafeBufferPointer<UInt8>, number: Int) -> [FoundLink] {
        var links: [FoundLink] = []
        var start = 0
        for index in 0...bytes.count {
            guard index == bytes.count || isPlainSeparator(bytes, at: index) else { continue }
            let part = UnsafeBufferPointer(rebasing: bytes[start..<index])
            start = index + 1
            guard part.firstIndex(ofBytes: httpScheme) != nil || part.firstIndex(ofBytes: httpsScheme) != nil
            else { continue }
            if part.allSatisfy({ $0 < 0x80 }) {
                // One word of ASCII characters, each a byte.
                var end = part.endIndex
                while end > part.startIndex, trailingPunctuation.utf8.contains(part[end - 1]) { end -= 1 }
                if let link = link(inWord: part[..<end], line: number) { links.append(link) }
            } else {
                links += words(of: String(decoding: part, as: UTF8.self)).compactMap { word in
                    var candidate = Substring(word)
                    while let last = candidate.last, trailingPunctuation.contains(last) { candidate.removeLast() }
                    return link(inWord: candidate.utf8, line: number)
                }
            }
        }
        return links
    }

    /// The words of a text, split at whitespace and `<`, `>`, `"` as characters.
    private static func words(of text: String) -> [Substring] {
        text.split(whereSeparator: { $0.isWhitespace || "<>\"".contains($0) })
    }

    /// The link of a word: from its first `https://` (or else `http://`) on.
    private static func link<Word: Collection<UInt8>>(inWord bytes: Word, line: Int) -> FoundLink? {
        guard let start = bytes.firstIndex(ofBytes: httpsScheme) ?? bytes.firstIndex(ofBytes: httpScheme) else {
            return nil
        }
        return FoundLink(url: String(decoding: bytes[start...], as: UTF8.self), attribute: "text", line: line)
    }

    /// Whether the byte at `index` is a separator of words as a character of its own: ASCII
    /// whitespace, `<`, `>` or `"`, with ASCII bytes (or the line's ends) on both sides, so no
    /// character outside ASCII can join it (a combining mark after it, say).
    private static func isPlainSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        guard byte == 0x20 || (0x09...0x0D).contains(byte) || byte == 0x3C || byte == 0x3E || byte == 0x22 else {
            return false
        }
        return (index == 0 || bytes[index - 1] < 0x80) && (index + 1 == bytes.count || bytes[index + 1] < 0x80)
    }

    /// What is taken off the end of a word before its link.
    private static let trailingPunctuation = ".,;:!?)'"

    private static let httpPrefix = Array("http".utf8)
    private static let httpsScheme = Array("https://".utf8)
    private static let httpScheme = Array("http://".utf8)
}
