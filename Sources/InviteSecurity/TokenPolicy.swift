import Foundation

/// How invite tokens are issued and checked (seed 003 #17, #25; RFC 8725).
public struct TokenPolicy: Sendable, Hashable {
    /// `iss`: who issues tokens (`https://app.selffull.io`).
    public var issuer: String
    /// `aud`: who accepts them.
    public var audience: String
    /// `kid` of the signing key.
    public var keyID: String
    /// The longest a token may live: seven days (seed 003 #25).
    public var maximumLifetime: TimeInterval
    /// Allowed clock skew when checking `exp`, `nbf` and `iat`.
    public var leeway: TimeInterval

    public init(
        issuer: String, audience: String, keyID: String, maximumLifetime: TimeInterval = 7 * 86_400,
        leeway: TimeInterval = 60
    ) {
        self.issuer = issuer
        self.audience = audience
        self.keyID = keyID
        self.maximumLifetime = maximumLifetime
        self.leeway = leeway
    }

    /// The only algorithm tokens may use.
    public static let algorithm = "RS256"
}
