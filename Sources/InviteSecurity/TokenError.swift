import Foundation
import InviteModel

/// Why a token did not verify, or could not be issued.
public enum TokenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not three base64url parts with a JSON header and payload.
    case malformed(String)
    /// The header names an algorithm other than RS256 (including `none`).
    case algorithmNotAllowed(String)
    /// The header has no `kid`, or one that is not in Beckon's own key set.
    case unknownKey(String)
    /// The signature does not match.
    case badSignature
    case expired(Date)
    case notYetValid(Date)
    case wrongIssuer(String)
    case wrongAudience([String])
    /// `exp` is more than the maximum lifetime after `iat`.
    case lifetimeTooLong(TimeInterval)
    /// A claim is missing or invalid.
    case invalidClaim(String)
    /// A key is unusable (not RSA, under 2048 bits, unreadable PEM).
    case invalidKey(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "malformed: \(reason)"
        case .algorithmNotAllowed(let alg): "algorithm `\(alg)` is not allowed; tokens use \(TokenPolicy.algorithm)"
        case .unknownKey(let kid):
            kid.isEmpty ? "the token has no `kid`" : "unknown key: `\(kid)` is not one of Beckon's keys"
        case .badSignature: "bad signature"
        case .expired(let date): "expired at \(Timestamp.string(from: date))"
        case .notYetValid(let date): "not valid before \(Timestamp.string(from: date))"
        case .wrongIssuer(let issuer): "issued by `\(issuer)`, not by this site"
        case .wrongAudience(let audience): "meant for \(audience.joined(separator: ", ")), not for this site"
        case .lifetimeTooLong(let seconds): "lives \(Int(seconds / 3600)) hours, over the 7-day maximum"
        case .invalidClaim(let reason): "invalid claim: \(reason)"
        case .invalidKey(let reason): "invalid key: \(reason)"
        }
    }
}
