import BeckonEmail
import BeckonSite
import BeckonStore
import InviteModel
import InviteSecurity

/// The one-click unsubscribe of a site whose invitations are not transactional (RFC 8058,
/// `transactional: false`): each such email carries its recipient's link, a POST there puts the
/// address on the store's suppression list (as a keyed hash), and later email invites to it are
/// refused (`recipient.suppressed`) and never sent. A transactional site's emails (a coach's
/// course invitation, seed 003 #22) have no such link, and the list does not apply to them.
struct Suppressions: Sendable {
    let tokens: UnsubscribeTokens
    let store: any InviteStore
    /// Whether the site's invitations carry unsubscribe links.
    let applies: Bool

    init(site: ServedSite, tokens: UnsubscribeTokens, store: any InviteStore) {
        self.tokens = tokens
        self.store = store
        applies = site.invitePages?.invitationTemplates.contains { !$0.transactional } == true
    }

    /// The string a sender is told when the recipient unsubscribed, in the sender's language.
    static let messageKey = "inApp.recipientSuppressed"

    /// Whether invitations to `recipient` (an email invite's address) are refused.
    func refuses(_ recipient: String) async throws(StoreError) -> Bool {
        guard applies, let address = EmailAddress(recipient) else { return false }
        return try await store.isSuppressed(addressHashes: tokens.addressHashes(address))
    }

    /// The unsubscribe URL of `recipient`'s emails on `config`'s site.
    func url(for address: EmailAddress, config: SiteConfig) -> String {
        EmailRenderer.unsubscribeURL(config, token: tokens.token(for: address))
    }
}
