import Foundation

/// Why a key the environment should hold could not be had: a rule id, a sentence and a fix, as
/// the commands print them (`error[links.key]: …`, then the fix).
public struct KeyProblem: Error, Sendable, Hashable {
    public let rule: String
    public let message: String
    public let fix: String

    public init(rule: String, message: String, fix: String) {
        self.rule = rule
        self.message = message
        self.fix = fix
    }
}

extension LinkKeyring {
    /// The keyring the environment describes; a missing or malformed key is a problem to report.
    public static func required(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, signingKeyID: String
    ) throws(KeyProblem) -> LinkKeyring {
        let ring: LinkKeyring?
        do {
            ring = try fromEnvironment(environment, signingKeyID: signingKeyID)
        } catch {
            throw KeyProblem(
                rule: "links.key", message: error.description, fix: "Check \(singleKeyVariable) or \(keysVariable).")
        }
        guard let ring else {
            throw KeyProblem(
                rule: "links.key", message: "no link signing key: \(singleKeyVariable) is not set",
                fix:
                    "Set \(singleKeyVariable) to a secret of at least 32 bytes, hex or base64 (`openssl rand -hex 32`)."
            )
        }
        return ring
    }
}

extension TokenAuthority {
    /// The authority the environment describes; a missing or unusable key is a problem to report.
    public static func required(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, policy: TokenPolicy
    ) async throws(KeyProblem) -> TokenAuthority {
        let authority: TokenAuthority?
        do {
            authority = try await fromEnvironment(environment, policy: policy)
        } catch {
            throw KeyProblem(
                rule: "tokens.key", message: error.description, fix: "Use an RSA key of at least 2048 bits in PEM.")
        }
        guard let authority else {
            throw KeyProblem(
                rule: "tokens.key", message: "no token key: \(privateKeyVariable) is not set",
                fix:
                    "Set \(privateKeyVariable) to a PEM RSA private key (`openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`)."
            )
        }
        return authority
    }
}
