import Foundation
import InviteModel
import JWTKit

/// Issues and verifies invite tokens: JWT RS256 (seed 003 #25) with RFC 8725's rules — the
/// algorithm is pinned, `none` and every other algorithm are refused, `kid` is looked up only in
/// Beckon's own keys, `exp` and `nbf` are checked with a small leeway, issuer and audience must
/// match, and RSA keys have at least 2048 bits.
///
/// Keys come from the environment: `BECKON_TOKEN_KEY` holds the PEM private key (which can sign
/// and verify); `BECKON_TOKEN_PUBLIC_KEY` a PEM public key for services that only verify.
public struct TokenAuthority: Sendable {
    public static let privateKeyVariable = "BECKON_TOKEN_KEY"
    public static let publicKeyVariable = "BECKON_TOKEN_PUBLIC_KEY"

    public let policy: TokenPolicy
    public let canSign: Bool
    private let keys: JWTKeyCollection

    /// An authority with a private key (signs and verifies).
    public init(privateKeyPEM pem: String, policy: TokenPolicy) async throws(TokenError) {
        let key: Insecure.RSA.PrivateKey
        do {
            key = try Insecure.RSA.PrivateKey(pem: pem)
        } catch {
            throw .invalidKey(Self.describe(error))
        }
        self.policy = policy
        self.canSign = true
        self.keys = await JWTKeyCollection().add(
            rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: policy.keyID))
    }

    /// An authority with a public key (verifies only).
    public init(publicKeyPEM pem: String, policy: TokenPolicy) async throws(TokenError) {
        let key: Insecure.RSA.PublicKey
        do {
            key = try Insecure.RSA.PublicKey(pem: pem)
        } catch {
            throw .invalidKey(Self.describe(error))
        }
        self.policy = policy
        self.canSign = false
        self.keys = await JWTKeyCollection().add(
            rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: policy.keyID))
    }

    /// The authority the environment describes, or `nil` when neither variable is set.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, policy: TokenPolicy
    ) async throws(TokenError) -> TokenAuthority? {
        if let pem = environment[privateKeyVariable], !pem.isEmpty {
            return try await TokenAuthority(privateKeyPEM: pem, policy: policy)
        }
        if let pem = environment[publicKeyVariable], !pem.isEmpty {
            return try await TokenAuthority(publicKeyPEM: pem, policy: policy)
        }
        return nil
    }

    /// Signs a token for an invite. The lifetime may not exceed the policy's maximum.
    public func sign(
        inviteID: UUID, email: EmailAddress, courseRef: String, issuedAt: Date, expiresAt: Date
    ) async throws(TokenError) -> String {
        guard canSign else { throw .invalidKey("a public key can verify tokens but not sign them") }
        let lifetime = expiresAt.timeIntervalSince(issuedAt)
        guard lifetime > 0 else { throw .invalidClaim("`exp` must be after `iat`") }
        guard lifetime <= policy.maximumLifetime else { throw .lifetimeTooLong(lifetime) }
        guard !courseRef.isEmpty else { throw .invalidClaim("`courseRef` is empty") }
        let claims = InviteTokenClaims(
            inviteID: inviteID, email: email.address, courseRef: courseRef, issuedAt: issuedAt, expiresAt: expiresAt,
            issuer: policy.issuer, audience: policy.audience)
        var header = JWTHeader()
        header.typ = "JWT"
        do {
            return try await keys.sign(claims, kid: JWKIdentifier(string: policy.keyID), header: header)
        } catch {
            throw .invalidKey(Self.describe(error))
        }
    }

    /// Verifies a token at a moment: header, key, signature, then claims.
    public func verify(_ token: String, at date: Date) async -> Result<InviteTokenClaims, TokenError> {
        do {
            try TokenHeaderCheck.check(token, policy: policy)
        } catch {
            return .failure(error)
        }
        let claims: InviteTokenClaims
        do {
            claims = try await keys.verify(token, as: InviteTokenClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            return .failure(.badSignature)
        } catch let error as JWTError where error.errorType == .malformedToken {
            return .failure(.malformed("the payload is not an invite token"))
        } catch {
            return .failure(.malformed(Self.describe(error)))
        }
        return checkClaims(claims, at: date).map { claims }
    }

    private func checkClaims(_ claims: InviteTokenClaims, at date: Date) -> Result<Void, TokenError> {
        let leeway = policy.leeway
        if date >= claims.exp.value.addingTimeInterval(leeway) { return .failure(.expired(claims.exp.value)) }
        if date < claims.nbf.value.addingTimeInterval(-leeway) { return .failure(.notYetValid(claims.nbf.value)) }
        if claims.iat.value > date.addingTimeInterval(leeway) { return .failure(.notYetValid(claims.iat.value)) }
        let lifetime = claims.exp.value.timeIntervalSince(claims.iat.value)
        if lifetime > policy.maximumLifetime + leeway { return .failure(.lifetimeTooLong(lifetime)) }
        if claims.iss.value != policy.issuer { return .failure(.wrongIssuer(claims.iss.value)) }
        if !claims.aud.value.contains(policy.audience) { return .failure(.wrongAudience(claims.aud.value)) }
        if UUID(uuidString: claims.inviteId) == nil { return .failure(.invalidClaim("`inviteId` is not a UUID")) }
        if EmailAddress(claims.email) == nil { return .failure(.invalidClaim("`email` is not an email address")) }
        if claims.courseRef.isEmpty { return .failure(.invalidClaim("`courseRef` is empty")) }
        return .success(())
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? JWTError { return error.reason ?? "\(error.errorType)" }
        return "\(error)"
    }
}
