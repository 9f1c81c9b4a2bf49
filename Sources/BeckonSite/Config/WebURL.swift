import Foundation

/// An absolute `https` URL read from configuration; it is the only kind of URL a site's pages
/// may send people to (apart from deep-link schemes, `mailto:` and `tel:`).
public struct WebURL: Hashable, Sendable, CustomStringConvertible, Codable {
    public let absoluteString: String
    /// The host, lower-cased.
    public let host: String

    /// Parses an absolute `https://` URL with a host; `http://` only for `localhost` addresses.
    public init?(_ text: String) {
        guard !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        let local = host == "localhost" || host == "127.0.0.1"
        guard scheme == "https" || (scheme == "http" && local) else { return nil }
        self.absoluteString = text
        self.host = host
    }

    public var description: String { absoluteString }

    /// The scheme, host and port, which a root-relative path (`/assets/logo.svg`) is resolved
    /// against: `https://join.playa.app`.
    public var origin: String {
        let components = URLComponents(string: absoluteString)
        let scheme = components?.scheme?.lowercased() ?? "https"
        return "\(scheme)://\(host)" + (components?.port.map { ":\($0)" } ?? "")
    }

    /// This URL with a path appended: `https://a.b` + `/de-DE/invite/`.
    public func appending(path: String) -> String {
        let base = absoluteString.hasSuffix("/") ? String(absoluteString.dropLast()) : absoluteString
        return base + (path.hasPrefix("/") ? path : "/" + path)
    }
}

extension YAMLReader.Mapping {
    /// An absolute https URL.
    public func url(_ key: String, required: Bool = false) -> WebURL? {
        guard let value = value(key, required: required), let text = reader.string(value, named: path(key))
        else { return nil }
        guard let url = WebURL(text) else {
            reader.invalid(
                "`\(path(key))` must be an absolute https URL, not `\(text)`", at: value.location,
                fix: "Write the full address, starting with `https://`.", rule: "invalid-url")
            return nil
        }
        return url
    }
}
