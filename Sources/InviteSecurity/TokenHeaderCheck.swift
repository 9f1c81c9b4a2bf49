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
        for (part, name) in zip(parts, ["header", "claims", "signature"]) where !isCanonicalBase64URL(part) {
            throw .malformed("the \(name) is not canonical base64url")
        }
        guard let data = LinkKey.base64(String(parts[0])).map({ Data($0) }),
            let header = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw .malformed("the header is not base64url JSON") }
        // Claims that do not read as JSON are left to the signature check, which refuses them.
        for (part, name) in [(parts[0], "header"), (parts[1], "claims")] {
            guard let bytes = LinkKey.base64(String(part)), let names = JSONMemberNames.of(bytes) else { continue }
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

    /// Whether `text` is base64url as RFC 7515 writes it: its alphabet only, no padding, a length
    /// that holds whole bytes, and the bits past the last byte zero.
    static func isCanonicalBase64URL(_ text: Substring) -> Bool {
        var last: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): last = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): last = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): last = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): last = 62
            case UInt8(ascii: "_"): last = 63
            default: return false
            }
        }
        switch text.utf8.count % 4 {
        case 0: return true
        case 2: return last & 0x0F == 0
        case 3: return last & 0x03 == 0
        default: return false
        }
    }
}
