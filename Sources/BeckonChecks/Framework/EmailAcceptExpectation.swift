/// What the accept button of a site's emails must open, and how to tell a good link.
public enum EmailAcceptExpectation: Sendable, Hashable {
    /// The signed invite link (verified like every invite link, with the link key).
    case inviteLink
    /// The token accept URL: `prefix` followed by a JWT. `verdicts` holds, for every token the
    /// build issued, why it fails verification (empty when it verifies); `nil` without a key.
    case token(prefix: String, suffix: String, verdicts: [String: String]?)
}
