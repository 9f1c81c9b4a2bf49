import BeckonDiagnostics

/// `tokens:` in beckon.yml: how invite tokens (JWT RS256, seed 003 #25) are issued. The RSA key
/// comes from the environment only.
public struct TokensConfig: Sendable, Hashable {
    /// `iss` of every token.
    public var issuer: String
    /// `aud` of every token.
    public var audience: String
    /// `kid` of the signing key.
    public var keyID: String
    /// Days a token lives, at most 7.
    public var days: Int
    /// The page that accepts a token, with `{token}` where the token goes:
    /// `https://app.selffull.io/accept?token={token}` (seed 003 #17).
    public var acceptURL: String?

    static let keys = ["issuer", "audience", "keyID", "days", "acceptURL"]

    /// The accept URL for a token, or `nil` without `acceptURL`.
    public func acceptURL(token: String) -> String? {
        acceptURL?.replacingOccurrences(of: "{token}", with: token)
    }

    init?(_ mapping: YAMLReader.Mapping) {
        let issuer = mapping.string("issuer", required: true)
        let audience = mapping.string("audience", required: true)
        let keyID = mapping.string("keyID", required: true)
        days = mapping.int("days", in: 1...7) ?? 7
        acceptURL = mapping.string("acceptURL")
        if let acceptURL, !(acceptURL.hasPrefix("https://") && acceptURL.contains("{token}")) {
            mapping.reader.invalid(
                "`\(mapping.path("acceptURL"))` must be an https URL with `{token}` in it, not `\(acceptURL)`",
                at: mapping.location(of: "acceptURL"),
                fix: "Write it as `https://app.example.com/accept?token={token}`.")
            self.acceptURL = nil
        }
        guard let issuer, let audience, let keyID else { return nil }
        self.issuer = issuer
        self.audience = audience
        self.keyID = keyID
    }
}
