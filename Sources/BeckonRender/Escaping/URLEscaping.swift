/// Percent-encoding and scheme policy for URLs Beckon writes.
public enum URLEscaping {
    /// Percent-encodes text for use inside a URL component (RFC 3986): everything but unreserved
    /// characters (`A–Z a–z 0–9 - . _ ~`) is encoded as UTF-8 bytes.
    public static func component(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0xF)]
            }
        }
        return out
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static let hexDigits = (0..<16).map { String($0, radix: 16, uppercase: true) }

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
