import BeckonChecks
import BeckonDiagnostics
import BeckonInvitePages
import BeckonSite
import Crypto
import Foundation
import InviteModel
import InviteSecurity

/// The accept links of sample invites for sites whose emails carry tokens (`email.accept:
/// token`): `tokens.acceptURL` with a JWT RS256 for each sample, signed with
/// `BECKON_TOKEN_KEY` when the environment has it, and each token verified again so the checks
/// can tell a good one from the bytes of the email.
enum SampleTokens {
    /// The links by sample id, what the checks expect of accept links, and problems.
    static func make(
        _ site: Site, environment: [String: String]
    ) async -> ([String: String], EmailAcceptExpectation?, [Diagnostic]) {
        let config = site.config
        guard let email = config.email else { return ([:], nil, []) }
        guard email.accept == .token, let tokens = config.tokens, let template = tokens.acceptURL,
            let marker = template.range(of: "{token}")
        else { return ([:], .inviteLink, []) }
        let prefix = String(template[..<marker.lowerBound])
        let suffix = String(template[marker.upperBound...])
        let location = SiteLoader.locate(key: "acceptURL", in: site.configSource)
        let policy = TokenPolicy(tokens)
        let authority: TokenAuthority?
        do {
            authority = try await TokenAuthority.fromEnvironment(environment, policy: policy)
        } catch {
            return (
                [:], nil,
                [
                    .error(
                        "tokens.key", "the token key in the environment is unusable: \(error.description)",
                        at: location,
                        fix: "Set \(TokenAuthority.privateKeyVariable) to a PEM RSA private key of at least 2048 bits.")
                ]
            )
        }
        guard let authority, authority.canSign else {
            let links = Dictionary(
                uniqueKeysWithValues: config.samples.map { ($0.id, prefix + "unsigned-sample-token" + suffix) })
            let warning = Diagnostic.warning(
                "tokens.unsigned",
                "sample accept links carry no real token: \(TokenAuthority.privateKeyVariable) is not set",
                at: location,
                fix:
                    "Set \(TokenAuthority.privateKeyVariable) to a PEM RSA private key to sign them as the invite service does."
            )
            return (links, .token(prefix: prefix, suffix: suffix, verdicts: nil), [warning])
        }
        var links: [String: String] = [:]
        var verdicts: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for sample in config.samples {
            let expires = sample.createdAt.addingTimeInterval(TimeInterval(tokens.days) * 86_400)
            do {
                let token = try await authority.sign(
                    inviteID: inviteID(for: sample), email: sample.inviteeEmail,
                    courseRef: sample.contextID ?? sample.id, issuedAt: sample.createdAt, expiresAt: expires)
                links[sample.id] = prefix + token + suffix
                switch await authority.verify(token, at: sample.createdAt) {
                case .success: verdicts[token] = ""
                case .failure(let error): verdicts[token] = error.description
                }
            } catch {
                diagnostics.append(
                    .error(
                        "tokens.sign", "the token of sample `\(sample.id)` cannot be signed: \(error.description)",
                        at: sample.location, fix: "Check the sample's `inviteeEmail` and the token key."))
            }
        }
        return (links, .token(prefix: prefix, suffix: suffix, verdicts: verdicts), diagnostics)
    }

    /// A stable invite id for a sample, so builds stay reproducible.
    static func inviteID(for sample: InviteValues) -> UUID {
        var bytes = Array(SHA256.hash(data: Data("beckon-sample-\(sample.id)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
