/// A URL as the URL Standard's parser produces it: what a browser would do with an `href` or `src`.
public struct ParsedURL: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, lower-cased, without the `:`; the parser never returns the empty string.
    public var scheme: String
    /// The username, percent-encoded; empty when there is none.
    public var username: String
    /// The password, percent-encoded; empty when there is none.
    public var password: String
    /// The host, or `nil` when the URL has none (e.g. `mailto:a@example.com`, `foo:/x`).
    public var host: URLHost?
    /// The port, or `nil` when absent or the scheme's default (80 for `http`, 443 for `https` and so on).
    public var port: Int?
    /// The serialized path, percent-encoded as the standard does (`/a%20b`), or the opaque path
    /// (`a@example.com` in `mailto:a@example.com`).
    public var path: String
    /// The query without `?`, percent-encoded, or `nil` when there is no `?`.
    public var query: String?
    /// The fragment without `#`, percent-encoded, or `nil` when there is no `#`.
    public var fragment: String?
    /// Whether the scheme is special: `http`, `https`, `ws`, `wss`, `ftp` or `file`.
    public var isSpecial: Bool
    /// The standard's serialization of the URL.
    public var href: String
    /// The path's segments, percent-decoded as UTF-8 (invalid sequences become U+FFFD), for file lookup:
    /// `["dir", "ü.html"]` for `/dir/%C3%BC.html`. Empty for an opaque path.
    public var pathSegments: [String]

    /// Whether the path is opaque (a single string, not a list of segments), as in `mailto:`, `tel:`,
    /// `javascript:` and `data:` URLs.
    public var hasOpaquePath: Bool { host == nil && !path.hasPrefix("/") }

    /// The URL's serialization, `href`.
    public var description: String { href }
}
