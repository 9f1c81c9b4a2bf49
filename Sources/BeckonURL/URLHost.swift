/// The host of a URL, as the URL Standard's host parser returns it.
public enum URLHost: Sendable, Hashable, CustomStringConvertible {
    /// A domain, lower-cased ASCII, e.g. `example.com` (special URLs only).
    case domain(String)
    /// An IPv4 address as a 32-bit number, e.g. `0x7F000001` for 127.0.0.1 (special URLs only).
    case ipv4(UInt32)
    /// An IPv6 address as its eight 16-bit pieces.
    case ipv6([UInt16])
    /// The host of a URL that is not special, percent-encoded but otherwise as written, e.g. `invite` in
    /// `playa://invite/X`.
    case opaque(String)
    /// The empty host, e.g. of `file:///etc/hosts` or `foo:///x`.
    case empty

    /// The host serialized as the standard does: IPv4 dotted decimal, IPv6 compressed in brackets (`[::1]`).
    public var serialized: String {
        switch self {
        case .domain(let name), .opaque(let name): name
        case .ipv4(let address): IPv4Parser.serialize(address)
        case .ipv6(let pieces): "[" + IPv6Parser.serialize(pieces) + "]"
        case .empty: ""
        }
    }

    /// The serialized host.
    public var description: String { serialized }
}
