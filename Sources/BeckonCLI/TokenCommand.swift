import ArgumentParser
import BeckonInvitePages
import BeckonSite
import Foundation
import InviteModel
import InviteSecurity

/// `beckon token`: invite tokens (JWT RS256, seed 003 #25).
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Sign and verify invite tokens (JWT RS256).",
        subcommands: [SignToken.self, VerifyToken.self])
}

/// Reads the site's `tokens:` policy and the key from the environment.
enum TokenSetup {
    static func authority(_ config: SiteConfig) async throws -> TokenAuthority {
        guard let tokens = config.tokens else {
            throw fail(
                "tokens.config", "beckon.yml has no `tokens:` section",
                fix: "Add `tokens:` with `issuer`, `audience` and `keyID` (see docs/invite-model.md).")
        }
        do {
            return try await TokenAuthority.required(policy: TokenPolicy(tokens))
        } catch {
            throw fail(error.rule, error.message, fix: error.fix)
        }
    }
}

/// `beckon token sign`.
struct SignToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign", abstract: "Print a signed invite token for an accept link.")

    @OptionGroup var config: ConfigOptions
    @Option(name: .customLong("invite-id"), help: "The invite's UUID.") var inviteID: String
    @Option(help: "The invitee's email address.") var email: String
    @Option(help: "The course reference.") var course: String
    @Option(help: "Days the token lives, at most tokens.days (7).") var days: Int?

    func run() async throws {
        guard let id = UUID(uuidString: inviteID) else { throw ValidationError("--invite-id must be a UUID.") }
        guard let address = EmailAddress(email) else { throw ValidationError("--email is not an email address.") }
        let site = try config.load()
        let authority = try await TokenSetup.authority(site)
        let now = Date()
        let lifetime = TimeInterval(days ?? site.tokens?.days ?? 7) * 86_400
        do {
            print(
                try await authority.sign(
                    inviteID: id, email: address, courseRef: course, issuedAt: now,
                    expiresAt: now.addingTimeInterval(lifetime)))
        } catch {
            throw fail("tokens.sign", error.description)
        }
    }
}

/// `beckon token verify TOKEN`: exit 0 when valid, 1 with the reason.
struct VerifyToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check an invite token: algorithm, key, signature, expiry, issuer and audience.",
        discussion:
            "Prints the claims with the email address masked; exits 1 with the reason when the token is not valid.")

    @OptionGroup var config: ConfigOptions
    @Argument(help: "The token.") var token: String
    @Option(help: "Check as of this moment, ISO 8601 (default: now).") var at: String?

    func run() async throws {
        let site = try config.load()
        let authority = try await TokenSetup.authority(site)
        switch await authority.verify(token, at: try moment(at)) {
        case .success(let claims):
            print(
                "valid: invite \(claims.inviteId), course \(claims.courseRef), email \(Self.mask(claims.email)), expires \(Timestamp.string(from: claims.exp.value))"
            )
        case .failure(let error):
            throw fail("tokens.invalid", error.description)
        }
    }

    /// `c•••@example.com`: enough to tell tokens apart without printing the address.
    static func mask(_ email: String) -> String {
        guard let at = email.lastIndex(of: "@"), let first = email.first else { return "•••" }
        return "\(first)•••\(email[at...])"
    }
}
