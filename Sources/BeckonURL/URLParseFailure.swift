/// Why a browser would refuse a URL: the URL Standard's parser returned failure.
public struct URLParseFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A human-readable reason, such as "the port is not a number" or "the host has a space".
    public let reason: String

    /// A failure with `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}

extension URLParseFailure {
    /// The input has no scheme and there is no base URL.
    static let missingScheme = URLParseFailure(
        reason: "the URL has no scheme (such as \"https:\") and there is no base URL to resolve it against")
    /// The input has no scheme and the base URL has an opaque path, so only a fragment can be resolved against it.
    static let opaqueBase = URLParseFailure(
        reason: "the URL is relative but its base URL has an opaque path (like \"mailto:…\"), "
            + "against which only \"#fragment\" can be resolved")
    /// A special URL without a host, such as `https://?x` or `https://:443`.
    static let hostMissing = URLParseFailure(reason: "the host is missing")
    /// Credentials without a host, such as `https://user@/`.
    static let credentialsWithoutHost = URLParseFailure(reason: "the URL has credentials (\"user@\") but no host")
    /// The port has a character that is not an ASCII digit.
    static let portInvalid = URLParseFailure(reason: "the port is not a number")
    /// The port is greater than 65535.
    static let portOutOfRange = URLParseFailure(reason: "the port is greater than 65535")
    /// A host starting with `[` does not end with `]`.
    static let ipv6Unclosed = URLParseFailure(reason: "the IPv6 address is missing its closing \"]\"")
    /// A non-ASCII domain that UTS #46 refuses (a control, unassigned or private-use code point, bytes that
    /// are not UTF-8).
    static let nonASCIIDomain = URLParseFailure(
        reason: "the host has a character an internationalized domain name may not have")
    /// A domain that is empty after processing.
    static let emptyDomain = URLParseFailure(reason: "the host is empty")

    /// An IPv4 address that is invalid for `detail`.
    static func invalidIPv4(_ detail: String) -> URLParseFailure {
        URLParseFailure(reason: "the host looks like an IPv4 address but \(detail)")
    }

    /// An IPv6 address that is invalid for `detail`.
    static func invalidIPv6(_ detail: String) -> URLParseFailure {
        URLParseFailure(reason: "the IPv6 address is invalid: \(detail)")
    }

    /// A host with the forbidden `byte` in it.
    static func forbiddenHostByte(_ byte: UInt8) -> URLParseFailure {
        switch byte {
        case .space:
            URLParseFailure(reason: "the host has a space")
        case 0x00..<0x20, 0x7F:
            URLParseFailure(reason: "the host has the control character U+00\(byte < 0x10 ? "0" : "")\(hex(byte))")
        default:
            URLParseFailure(reason: "the host has the forbidden character \"\(Character(Unicode.Scalar(byte)))\"")
        }
    }

    /// `byte` as upper-case hex without leading zeros.
    private static func hex(_ byte: UInt8) -> String { String(byte, radix: 16, uppercase: true) }
}
