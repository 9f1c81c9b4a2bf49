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
    /// The web sign-up page a valid token of a pending invite is sent on to (302) when the app
    /// does not open the accept link, with `{token}` where the token goes:
    /// `https://app.selffull.io/signup?token={token}` (seed 003 #17, #26: the page reads the
    /// token, prefills the invited address and locks it). Without it, the accept link answers
    /// the site's landing page, or the App Store.
    public var signupURL: String?

    static let keys = ["issuer", "audience", "keyID", "days", "acceptURL", "signupURL"]

    /// The accept URL for a token, or `nil` without `acceptURL`.
    public func acceptURL(token: String) -> String? {
        acceptURL?.replacingOccurrences(of: "{token}", with: token)
    }

    /// The sign-up URL for a token, or `nil` without `signupURL`.
    public func signupURL(token: String) -> String? {
        signupURL?.replacingOccurrences(of: "{token}", with: token)
    }

    init?(_ mapping: YAMLReader.Mapping) {
        let issuer = mapping.string("issuer", required: true)
        let audience = mapping.string("audience", required: true)
        let keyID = mapping.string("keyID", required: true)
        days = mapping.int("days", in: 1...7) ?? 7
        acceptURL = Self.tokenURL("acceptURL", in: mapping, example: "https://app.example.com/accept?token={token}")
        signupURL = Self.tokenURL("signupURL", in: mapping, example: "https://app.example.com/signup?token={token}")
        guard let issuer, let audience, let keyID else { return nil }
        self.issuer = issuer
        self.audience = audience
        self.keyID = keyID
    }

    /// A URL setting that must be https with `{token}` in it; `nil`, with a finding, otherwise.
    private static func tokenURL(_ key: String, in mapping: YAMLReader.Mapping, example: String) -> String? {
        guard let url = mapping.string(key) else { return nil }
        guard url.hasPrefix("https://"), url.contains("{token}") else {
            mapping.reader.invalid(
                "`\(mapping.path(key))` must be an https URL with `{token}` in it, not `\(url)`",
                at: mapping.location(of: key), fix: "Write it as `\(example)`.")
            return nil
        }
        return url
    }
}
