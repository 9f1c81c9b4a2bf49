import CryptoExtras
import Foundation
import InviteSecurity

/// `jwt`: an invite token, as `beckon token verify TOKEN` and the accept page check it.
///
/// Tokens are verified by verify-only authorities (`TokenAuthority(publicKeyPEM:)`) at a fixed
/// moment; `verify` is async and is driven to completion synchronously.
///
/// - An input that starts with `{` is read as two JSON texts, the header, a line break, then the
///   payload, which the harness encodes and signs (RS256) with a key it generates at start-up.
///   Random bytes almost never carry a valid signature; this way the fuzzer reaches what comes after
///   the signature check (JWTKit's payload decoding, the claim checks) with any header and claims.
/// - Any other input is the token text itself, verified with a fixed public key (the seed tokens
///   were signed with its private key, which is not kept).
enum TokenTarget {
    static let policy = TokenPolicy(issuer: "https://app.selffull.io", audience: "selffull-accept", keyID: "sf-2026")

    /// The moment tokens are verified at: 2026-09-21T14:13:20Z.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// The public half of the key that signed the seed tokens in Corpus/jwt (made with
    /// `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`; the private half was thrown away).
    static let publicKeyPEM = """
        -----BEGIN PUBLIC KEY-----
        MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAl4f2yBLbWS13RTgIQPur
        E2UEfhvqmWWFGS9H0yJ0FN4cfXA6wkRDTPRLG4bnoSaIZ5IS3haZcIK88any3RHe
        N8Jd055gWfOpUBAIdQPuJqGAyI8S6iO81PFKm7caBhbTj/qMflYsd20Pt/Y/0yr9
        hbyuWpiVbuE2EvhCJItsZZ4ra6JoGy159zvgndwr3JgI3KZS2gzZ3R/xmIFyuQC7
        roG4RdfCoHFEBVSlmXFg3pRMvhIERXl2F6d8UQd0oaOU8R2FFRDxlk6ZMF/2jqxX
        vL6vBeQTkgB7CZ0tDoGaFwGXdrR8UgPke2C18971YYWDK3MqFuV3W/50rZP65eDT
        iQIDAQAB
        -----END PUBLIC KEY-----
        """

    /// Signs the header and payload of `{`-inputs; made at start-up, never written anywhere.
    static let signingKey: _RSA.Signing.PrivateKey = {
        guard let key = try? _RSA.Signing.PrivateKey(keySize: .bits2048) else { fatalError("RSA key generation") }
        return key
    }()

    /// Verifies tokens as given (the fixed key) and tokens the harness signed (the start-up key).
    static let authorities: (fixed: TokenAuthority, signing: TokenAuthority) = {
        let signingPEM = signingKey.publicKey.pemRepresentation
        let authorities = BlockingResult<(TokenAuthority, TokenAuthority)?>.run {
            guard let fixed = try? await TokenAuthority(publicKeyPEM: publicKeyPEM, policy: policy),
                let signing = try? await TokenAuthority(publicKeyPEM: signingPEM, policy: policy)
            else { return nil }
            return (fixed, signing)
        }
        guard let authorities else { fatalError("fixture public keys") }
        return authorities
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let token: String
        let authority: TokenAuthority
        if bytes.first == UInt8(ascii: "{") {
            let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let header = base64URL(bytes[..<newline])
            let payload = base64URL(bytes[min(newline + 1, bytes.endIndex)...])
            let signingInput = header + "." + payload
            guard let signature = try? signingKey.signature(for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5)
            else { return }
            token = signingInput + "." + base64URL(signature.rawRepresentation)
            authority = authorities.signing
        } else {
            token = String(fuzzInput: bytes)
            authority = authorities.fixed
        }
        let result = BlockingResult.run { await authority.verify(token, at: now) }
        Trace.note("\(bytes.first == UInt8(ascii: "{") ? "signed" : "as given"): \(result)")
        if case .success(let claims) = result {
            Invariant.expect(
                claims.iss.value == policy.issuer && claims.aud.value.contains(policy.audience)
                    && claims.exp.value.addingTimeInterval(policy.leeway) > now,
                "a token verified that the policy refuses: \(token)")
        }
    }

    static func base64URL(_ bytes: some Collection<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
