import Foundation
import InviteModel
import InviteSecurity
import Synchronization

/// Invite links whose signature verified, remembered by their text: a link opened again (by
/// its recipient, by each crawler that previews it) is not parsed and its HMAC not computed
/// anew. Only its expiry is checked each time. A link that did not verify is never remembered,
/// so a forged or tampered one costs the full check every time, as before.
final class VerifiedLinks: Sendable {
    let keyring: LinkKeyring
    let policy: LinkPolicy
    private let known = Mutex<[String: InviteLink]>([:])

    /// How many links are kept before they are all let go.
    static let kept = 8_192
    /// The longest link that is kept (longer ones are checked each time).
    static let longestKept = 1_024

    init(keyring: LinkKeyring, policy: LinkPolicy) {
        self.keyring = keyring
        self.policy = policy
    }

    /// The link when its signature is good (`expired` when its time has passed), or `nil` when it
    /// is malformed, signed with an unknown key or forged.
    func authentic(_ url: String, at date: Date) -> (link: InviteLink, expired: Bool)? {
        if let link = known.withLock({ $0[url] }) { return (link, date >= link.expiresAt) }
        let found: (link: InviteLink, expired: Bool)?
        switch keyring.verify(url, policy: policy, at: date) {
        case .success(let link): found = (link, false)
        case .failure(.expired):
            // Parsed again to learn its target: its signature was good.
            found = (try? InviteLink(parsing: url, policy: policy)).map { ($0, true) }
        case .failure: found = nil
        }
        if let found, url.utf8.count <= Self.longestKept {
            known.withLock {
                if $0.count >= Self.kept { $0.removeAll(keepingCapacity: true) }
                $0[url] = found.link
            }
        }
        return found
    }
}
