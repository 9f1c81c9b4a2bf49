import ArgumentParser
import Foundation
import InviteModel
import InviteSecurity

/// Signing and verifying links with the keyring from the environment, for the CLI.
enum LinkSigning {
    static func keyring(_ policy: LinkPolicy) throws -> LinkKeyring {
        do {
            return try LinkKeyring.required(signingKeyID: policy.keyID)
        } catch {
            throw fail(error.rule, error.message, fix: error.fix)
        }
    }

    static func sign(
        _ target: InviteLink.Target, policy: LinkPolicy, expiresAt: Date, variant: String? = nil
    ) throws -> String {
        try keyring(policy).sign(InviteLink(policy: policy, target: target, expiresAt: expiresAt, variant: variant)).url
    }
}
