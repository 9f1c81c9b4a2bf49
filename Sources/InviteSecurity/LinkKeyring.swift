import Crypto
import Foundation
import InviteModel

/// The keys that sign and verify a site's invite links, read from the environment — never from a
/// file, never written anywhere.
///
/// - `BECKON_LINK_KEY=SECRET`: one key, with the id from `links.keyID` in beckon.yml.
/// - `BECKON_LINK_KEYS=ID:SECRET,ID:SECRET`: several keys for rotation. Links are signed with the
///   key whose id is `links.keyID` and verified with any key in the ring, so a retired key keeps
///   its links working until they expire.
public struct LinkKeyring: Sendable {
    public static let singleKeyVariable = "BECKON_LINK_KEY"
    public static let keysVariable = "BECKON_LINK_KEYS"

    /// Why the environment does not describe a usable keyring.
    public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    public let keys: [LinkKey]
    /// The id of the key new links are signed with.
    public let signingKeyID: String

    public init(keys: [LinkKey], signingKeyID: String) {
        self.keys = keys
        self.signingKeyID = signingKeyID
    }

    /// Reads the keyring, or `nil` when neither variable is set.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, signingKeyID: String
    ) throws(ConfigurationError) -> LinkKeyring? {
        var keys: [LinkKey] = []
        if let single = environment[singleKeyVariable], !single.isEmpty {
            guard let key = LinkKey(id: signingKeyID, encodedSecret: single) else {
                throw ConfigurationError(
                    description:
                        "\(singleKeyVariable) must be at least \(LinkKey.minimumBytes) bytes, written as hex or base64")
            }
            keys.append(key)
        }
        if let list = environment[keysVariable], !list.isEmpty {
            for entry in list.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
                let parts = entry.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, !parts[0].isEmpty,
                    let key = LinkKey(id: String(parts[0]), encodedSecret: String(parts[1]))
                else {
                    throw ConfigurationError(
                        description:
                            "\(keysVariable) must be `ID:SECRET` pairs separated by commas, each secret at least \(LinkKey.minimumBytes) bytes as hex or base64 (entry \(keys.count + 1) is not)"
                    )
                }
                guard !keys.contains(where: { $0.id == key.id }) else {
                    throw ConfigurationError(description: "the key id `\(key.id)` is given twice")
                }
                keys.append(key)
            }
        }
        guard !keys.isEmpty else { return nil }
        guard keys.contains(where: { $0.id == signingKeyID }) else {
            throw ConfigurationError(
                description: "no key has the id `\(signingKeyID)` that links.keyID names; add it to \(keysVariable)")
        }
        return LinkKeyring(keys: keys, signingKeyID: signingKeyID)
    }

    /// How many characters a signature is: 128 bits in unpadded base64url.
    public static let signatureLength = 22

    /// The link as it will be once signed — its key id, expiry and variant as configured — with a
    /// stand-in signature of the real length, for measuring links where no key is at hand.
    public static func placeholderSigned(_ link: InviteLink) -> InviteLink {
        var signed = link
        signed.signature = String(repeating: "A", count: signatureLength)
        return signed
    }

    /// A key for `purpose` derived from the signing key (HKDF-SHA256), for data the server keeps
    /// that only it should read: whoever holds the file without the key reads nothing, and a new
    /// signing key makes what the old one sealed unreadable.
    public func derivedKey(for purpose: String) -> SymmetricKey {
        let key = keys.first { $0.id == signingKeyID }!
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: key.secret, salt: Data("beckon-derived-key-1".utf8), info: Data(purpose.utf8),
            outputByteCount: 32)
    }

    /// A key for `purpose` derived from each key of the ring (as `derivedKey(for:)` does), the
    /// signing key's first: for what must still be read after a rotation while the old key is
    /// kept (`BECKON_LINK_KEYS`).
    public func derivedKeys(for purpose: String) -> [SymmetricKey] {
        let ordered = keys.filter { $0.id == signingKeyID } + keys.filter { $0.id != signingKeyID }
        return ordered.map { key in
            HKDF<SHA256>.deriveKey(
                inputKeyMaterial: key.secret, salt: Data("beckon-derived-key-1".utf8), info: Data(purpose.utf8),
                outputByteCount: 32)
        }
    }

    /// The link with its signature, made with the signing key.
    public func sign(_ link: InviteLink) -> InviteLink {
        var signed = link
        signed.keyID = signingKeyID
        let key = keys.first { $0.id == signingKeyID }!
        signed.signature = Self.signature(of: signed.canonicalForm, with: key)
        return signed
    }

    /// Checks a link: its shape against the policy, its key, its signature (in constant time),
    /// then its expiry.
    public func verify(_ url: String, policy: LinkPolicy, at date: Date) -> Result<InviteLink, LinkVerificationError> {
        let link: InviteLink
        do {
            link = try InviteLink(parsing: url, policy: policy)
        } catch {
            return .failure(.malformed(error.description))
        }
        guard let key = keys.first(where: { $0.id == link.keyID }) else { return .failure(.unknownKey(link.keyID)) }
        guard let signature = link.signature.flatMap(Base64URL.canonicalBytes),
            Self.constantTimeEqual(signature, Self.mac(link.canonicalForm, key))
        else { return .failure(.badSignature) }
        guard date < link.expiresAt else { return .failure(.expired(link.expiresAt)) }
        return .success(link)
    }

    /// The first 128 bits of HMAC-SHA256 over the canonical form, base64url without padding (22
    /// characters). Truncating to half the hash keeps links short enough for one SMS while leaving
    /// 2^128 forgery resistance (RFC 2104 §5).
    static func signature(of canonicalForm: String, with key: LinkKey) -> String {
        Base64URL.encode(mac(canonicalForm, key))
    }

    static func mac(_ canonicalForm: String, _ key: LinkKey) -> [UInt8] {
        var form = canonicalForm
        let code = form.withUTF8 { HMAC<SHA256>.authenticationCode(for: UnsafeRawBufferPointer($0), using: key.secret) }
        return Array(code.prefix(16))
    }

    /// Compares two MACs in time that does not depend on where they differ.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

/// Why a link did not verify.
public enum LinkVerificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a link of this site (wrong host, path, parameters).
    case malformed(String)
    /// Signed with a key id the ring does not have (retired, or forged).
    case unknownKey(String)
    /// The signature does not match: the link was changed or signed with another secret.
    case badSignature
    /// The signature is good, but the link expired at this moment.
    case expired(Date)

    public var description: String {
        switch self {
        case .malformed(let reason): "malformed: \(reason)"
        case .unknownKey(let id): "unknown key: no active key has the id `\(id)`"
        case .badSignature: "bad signature: the link was changed or signed with another key"
        case .expired(let date): "expired: the link expired at \(Timestamp.string(from: date))"
        }
    }
}
