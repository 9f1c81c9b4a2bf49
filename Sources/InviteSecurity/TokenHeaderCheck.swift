import Foundation

/// RFC 8725 §3.1–3.2 checks on a token's header, made before any key is touched: the algorithm is
/// exactly RS256, `kid` names Beckon's key, and no `crit` extensions are demanded; and RFC 7519 §4:
/// neither the header nor the claims name a member twice (a second `exp` would otherwise be read
/// by one library and ignored by another). Each part is canonical base64url (RFC 7515 §2: no
/// padding, and no bits set past the last byte), so one token has one spelling: a decoder that
/// ignores those bits would otherwise accept a changed token as the same one.
enum TokenHeaderCheck {
    static func check(_ token: String, policy: TokenPolicy) throws(TokenError) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            throw .malformed("a token has three non-empty parts separated by dots")
        }
        var decoded: [[UInt8]] = []
        for (part, name) in zip(parts, ["header", "claims", "signature"]) {
            guard let bytes = Base64URL.canonicalBytes(part) else {
                throw .malformed("the \(name) is not canonical base64url")
            }
            decoded.append(bytes)
        }
        guard let header = try? JSONSerialization.jsonObject(with: Data(decoded[0])) as? [String: Any] else {
            throw .malformed("the header is not base64url JSON")
        }
        // Claims that do not read as JSON are left to the signature check, which refuses them.
        for (bytes, name) in [(decoded[0], "header"), (decoded[1], "claims")] {
            guard let names = JSONMemberNames.of(bytes) else { continue }
            if let repeated = Dictionary(grouping: names, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
                throw .malformed("the \(name) names `\(repeated)` twice")
            }
        }
        let algorithm = header["alg"] as? String ?? ""
        guard algorithm == TokenPolicy.algorithm else {
            throw .algorithmNotAllowed(algorithm.isEmpty ? "none" : algorithm)
        }
        let kid = header["kid"] as? String ?? ""
        guard kid == policy.keyID else { throw .unknownKey(kid) }
        if let type = header["typ"] as? String, type.uppercased() != "JWT" {
            throw .malformed("the token type is `\(type)`, not JWT")
        }
        guard header["crit"] == nil else { throw .malformed("critical header extensions are not supported") }
    }
}
