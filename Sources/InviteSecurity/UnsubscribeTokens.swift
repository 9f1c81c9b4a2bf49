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
/// 128 bits of HMAC-SHA256 under a second key).
public struct UnsubscribeTokens: Sendable {
    private let hashKey: SymmetricKey
    private let tagKey: SymmetricKey

    /// The tokens of a server whose link keys are `keyring` (keys derived for this use alone).
    public init(keyring: LinkKeyring) {
        hashKey = keyring.derivedKey(for: "beckon serve: unsubscribe address hashes")
        tagKey = keyring.derivedKey(for: "beckon serve: unsubscribe token tags")
    }

    /// The keyed hash the suppression list keeps for `address`, as 32 hex digits.
    public func addressHash(_ address: EmailAddress) -> String {
        Self.hex(hash(address))
    }

    /// The token of the unsubscribe link for `address`.
    public func token(for address: EmailAddress) -> String {
        let hash = hash(address)
        return Base64URL.encode(hash + tag(hash))
    }

    /// The keyed hash a token names (as `addressHash` gives it), or `nil` for a token this server
    /// did not make (a wrong length, spelling or tag).
    public func addressHash(token: some StringProtocol) -> String? {
        guard token.utf8.count == 43, let bytes = Base64URL.canonicalBytes(token), bytes.count == 32 else {
            return nil
        }
        let hash = Array(bytes.prefix(16))
        // Compared in constant time: a tag is not found byte by byte.
        var difference: UInt8 = 0
        for (given, expected) in zip(bytes.suffix(16), tag(hash)) { difference |= given ^ expected }
        guard difference == 0 else { return nil }
        return Self.hex(hash)
    }

    private func hash(_ address: EmailAddress) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data(address.normalized.utf8), using: hashKey).prefix(16))
    }

    private func tag(_ hash: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data(hash), using: tagKey).prefix(16))
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
