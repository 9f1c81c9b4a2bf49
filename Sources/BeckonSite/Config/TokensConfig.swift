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

    static let keys = ["issuer", "audience", "keyID", "days"]

    init?(_ mapping: YAMLReader.Mapping) {
        let issuer = mapping.string("issuer", required: true)
        let audience = mapping.string("audience", required: true)
        let keyID = mapping.string("keyID", required: true)
        days = mapping.int("days", in: 1...7) ?? 7
        guard let issuer, let audience, let keyID else { return nil }
        self.issuer = issuer
        self.audience = audience
        self.keyID = keyID
    }
}
