import BeckonRender
import BeckonURL

/// What the URL Standard makes of path-absolute URLs (`/assets/logo.svg`) against a page's base,
/// remembered by the base's origin and the URL's text: such a URL takes the base's scheme, host
/// and port and nothing of its path, so every page of a site resolves it alike, and a site's
/// pages repeat the same few (a logo, a style sheet, the home page). Safe on any thread.
final class PathAbsoluteURLs: Sendable {
    static let shared = PathAbsoluteURLs()

    /// A URL resolved, or why a browser could not read it.
    enum Reading: Sendable {
        case resolved(FoundLink.Resolution)
        case failed(String)
    }

    /// The URLs read so far, by origin and text, at most 50,000.
    private let readings = TextMemo<Reading>(limit: 50_000)

    /// The URL resolved against `base`, parsed the first time its origin and text are seen; `nil`
    /// when the answer could depend on more of the base than its origin (the URL is not plainly
    /// path-absolute, or the base is not an `http`/`https` URL without credentials).
    func reading(of url: String, base: ParsedURL) -> Reading? {
        guard Self.isPlainlyPathAbsolute(url), base.scheme == "https" || base.scheme == "http",
            base.username.isEmpty, base.password.isEmpty, let host = base.host?.serialized
        else { return nil }
        let origin = base.scheme + "://" + host + (base.port.map { ":\($0)" } ?? "")
        return readings.value(for: origin + "\u{0}" + url) {
            switch URLParser.parse(url, base: base) {
            case .success(let parsed): .resolved(FoundLink.Resolution(parsed))
            case .failure(let failure): .failed(failure.reason)
            }
        }
    }

    /// Whether a URL starts with one `/` and nothing the parser removes or reads as a second
    /// slash could make it scheme-relative (`//host`, `/\host`, `/<tab>/host`).
    static func isPlainlyPathAbsolute(_ url: String) -> Bool {
        var bytes = url.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/"), let second = bytes.next() else { return url == "/" }
        guard second != UInt8(ascii: "/"), second != UInt8(ascii: "\\") else { return false }
        return !url.utf8.contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
