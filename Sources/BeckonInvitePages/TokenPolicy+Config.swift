import BeckonSite
import Foundation
import InviteSecurity

extension TokenPolicy {
    /// The policy `tokens:` in beckon.yml describes: its issuer, audience and key id, and its
    /// days as the longest lifetime.
    public init(_ tokens: TokensConfig) {
        self.init(
            issuer: tokens.issuer, audience: tokens.audience, keyID: tokens.keyID,
            maximumLifetime: TimeInterval(tokens.days) * 86_400)
    }
}
