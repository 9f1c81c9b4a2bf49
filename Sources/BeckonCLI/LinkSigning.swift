import ArgumentParser
import Foundation
import InviteModel
import InviteSecurity

/// Signing and verifying links with the keyring from the environment, for the CLI.
enum LinkSigning {
    static func keyring(_ policy: LinkPolicy) throws -> LinkKeyring {
        let ring: LinkKeyring?
        do {
            ring = try LinkKeyring.fromEnvironment(signingKeyID: policy.keyID)
        } catch {
            throw fail(
                "links.key", error.description,
                fix: "Check \(LinkKeyring.singleKeyVariable) or \(LinkKeyring.keysVariable).")
        }
        guard let ring else {
            throw fail(
                "links.key", "no link signing key: \(LinkKeyring.singleKeyVariable) is not set",
                fix:
                    "Set \(LinkKeyring.singleKeyVariable) to a secret of at least 32 bytes, hex or base64 (`openssl rand -hex 32`)."
            )
        }
        return ring
    }

    static func sign(
        _ target: InviteLink.Target, policy: LinkPolicy, expiresAt: Date, variant: String? = nil
    ) throws -> String {
        try keyring(policy).sign(InviteLink(policy: policy, target: target, expiresAt: expiresAt, variant: variant)).url
    }
}
