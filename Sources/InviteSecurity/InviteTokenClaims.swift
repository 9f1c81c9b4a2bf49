import Foundation
import JWTKit

/// The payload of an invite token: `inviteId`, `email`, `courseRef`, `exp` (seed 003 #25), plus the
/// registered claims RFC 8725 asks for: `iss`, `aud`, `iat` and `nbf`.
///
/// The token carries the invitee's email because seed 003 #26 prefills the sign-up form from it;
/// JWTs are signed, not encrypted, so the address is readable by anyone holding the link.
public struct InviteTokenClaims: JWTPayload, Hashable {
    public var inviteId: String
    public var email: String
    public var courseRef: String
    public var exp: ExpirationClaim
    public var iat: IssuedAtClaim
    public var nbf: NotBeforeClaim
    public var iss: IssuerClaim
    public var aud: AudienceClaim

    public init(
        inviteID: UUID, email: String, courseRef: String, issuedAt: Date, expiresAt: Date, issuer: String,
        audience: String
    ) {
        inviteId = inviteID.uuidString.lowercased()
        self.email = email
        self.courseRef = courseRef
        exp = ExpirationClaim(value: Date(timeIntervalSince1970: expiresAt.timeIntervalSince1970.rounded(.down)))
        iat = IssuedAtClaim(value: Date(timeIntervalSince1970: issuedAt.timeIntervalSince1970.rounded(.down)))
        nbf = NotBeforeClaim(value: iat.value)
        iss = IssuerClaim(value: issuer)
        aud = AudienceClaim(value: [audience])
    }

    /// Claims are checked by `TokenAuthority` against an injected clock, not here.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.inviteId == rhs.inviteId && lhs.email == rhs.email && lhs.courseRef == rhs.courseRef
            && lhs.exp.value == rhs.exp.value && lhs.iat.value == rhs.iat.value && lhs.nbf.value == rhs.nbf.value
            && lhs.iss.value == rhs.iss.value && lhs.aud.value == rhs.aud.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(inviteId)
        hasher.combine(exp.value)
    }
}
