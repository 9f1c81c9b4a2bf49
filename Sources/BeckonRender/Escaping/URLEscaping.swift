import BeckonURL

/// Percent-encoding and scheme policy for URLs Beckon writes.
public enum URLEscaping {
    /// Percent-encodes text for use inside a URL component (RFC 3986): everything but unreserved
    /// characters (`A–Z a–z 0–9 - . _ ~`) is encoded as UTF-8 bytes (`BeckonURL.PercentEncoding`).
    public static func component(_ value: String) -> String { PercentEncoding.encode(value) }

    /// Whether a URL may be written into a page: https, `mailto:`, `tel:`, `sms:`, a declared app
    /// scheme, or a relative reference. `javascript:`, `data:` and plain `http:` are refused.
    public static func isAllowed(_ url: String, appSchemes: Set<String>) -> Bool {
        // Printable ASCII other than the space has neither white space nor control characters.
        let printable = url.utf8.allSatisfy { (0x21..<0x7F).contains($0) }
        guard printable || !url.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.value < 0x20 } })
        else {
            return false
        }
        guard let colon = url.firstIndex(of: ":") else { return !url.hasPrefix("//") }
        let beforeColon = url[..<colon]
        let hasPathOrQuery =
            printable
            ? beforeColon.utf8.contains {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            }
            : beforeColon.contains("/") || beforeColon.contains("?") || beforeColon.contains("#")
        if hasPathOrQuery {
            return !url.hasPrefix("//")
        }
        let scheme = beforeColon.lowercased()
        if scheme == "https" { return url.dropFirst(scheme.count + 1).hasPrefix("//") }
        return ["mailto", "tel", "sms"].contains(scheme) || appSchemes.contains(scheme)
    }
}
