/// A mailbox: an address with an optional display name, as in `Maya Li <maya@example.com>`.
///
/// Nothing is checked here; ``EmailMessage/encoded(stamp:)`` checks the address and the name of
/// each mailbox it writes and names the header field of the one it refuses.
public struct Mailbox: Hashable, Sendable, Codable {
    /// The name shown instead of the address, in any script; `nil` or empty for none.
    public var displayName: String?
    /// The addr-spec `local@domain` in ASCII, without angle brackets; an internationalised domain
    /// is given in Punycode (`xn--mnchen-3ya.de`).
    public var address: String

    /// Creates a mailbox.
    /// - Parameters:
    ///   - address: The addr-spec `local@domain`, ASCII only.
    ///   - displayName: The name shown for the address, if any.
    public init(address: String, displayName: String? = nil) {
        self.address = address
        self.displayName = displayName
    }
}
