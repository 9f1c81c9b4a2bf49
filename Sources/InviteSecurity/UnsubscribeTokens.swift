import Crypto
import Foundation
import InviteModel

/// The one-click unsubscribe links of non-transactional emails (RFC 8058): each carries a token
/// that names its address by a keyed hash, never the address, and proves the server made it.
/// The suppression list keeps the same keyed hash, so neither the list nor a link tells whose
/// address it is, and a made-up token is refused before anything is stored.
///
/// A token is 32 bytes in unpadded base64url (43 characters): the address's hash (the first 128
/// bits of HMAC-SHA256 of its lower-cased form under one key) and a tag over that hash (the first
/// 128 bits of HMAC-SHA256 under a second key). Both keys are derived from a link key: tokens are
/// made with the signing key's and read with every key of the ring, and an address is looked up
/// by its hash under each, so a rotation (`BECKON_LINK_KEYS`) keeps the links sent and the list
/// while the old key is kept; removing a key forgets what was suppressed under it.
public struct UnsubscribeTokens: Sendable {
    /// The hash and tag keys of each link key, the signing key's first.
    private let keys: [(hash: SymmetricKey, tag: SymmetricKey)]

    /// The tokens of a server whose link keys are `keyring` (keys derived for this use alone).
    public init(keyring: LinkKeyring) {
        keys = Array(
            zip(
                keyring.derivedKeys(for: "beckon serve: unsubscribe address hashes"),
                keyring.derivedKeys(for: "beckon serve: unsubscribe token tags")))
    }

    /// The keyed hashes the suppression list may keep for `address`, as 32 hex digits each: under
    /// the signing key first, then under each older key.
    public func addressHashes(_ address: EmailAddress) -> [String] {
        keys.map { Self.hex(Self.hash(address, key: $0.hash)) }
    }

    /// The token of the unsubscribe link for `address`, made with the signing key.
    public func token(for address: EmailAddress) -> String {
        let hash = Self.hash(address, key: keys[0].hash)
        return Base64URL.encode(hash + Self.tag(hash, key: keys[0].tag))
    }

    /// The keyed hash a token names (one of `addressHashes`), or `nil` for a token no key of
    /// this server made (a wrong length, spelling or tag).
    public func addressHash(token: some StringProtocol) -> String? {
        guard token.utf8.count == 43, let bytes = Base64URL.canonicalBytes(token), bytes.count == 32 else {
            return nil
        }
        let hash = Array(bytes.prefix(16))
        for key in keys {
            // Compared in constant time: a tag is not found byte by byte.
            var difference: UInt8 = 0
            for (given, expected) in zip(bytes.suffix(16), Self.tag(hash, key: key.tag)) {
                difference |= given ^ expected
            }
            if difference == 0 { return Self.hex(hash) }
        }
        return nil
    }

    private static func hash(_ address: EmailAddress, key: SymmetricKey) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data(address.normalized.utf8), using: key).prefix(16))
    }

    private static func tag(_ hash: [UInt8], key: SymmetricKey) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data(hash), using: key).prefix(16))
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
