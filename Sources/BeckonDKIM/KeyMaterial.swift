import BeckonBase64
import Crypto
import CryptoExtras

/// The private key a `DKIMKey` holds, of one of the two algorithms DKIM signs with.
enum KeyMaterial: Sendable {
    /// An RSA key of at least 2048 bits, for rsa-sha256 (RFC 6376, RFC 8301).
    case rsa(_RSA.Signing.PrivateKey)
    /// An Ed25519 key, for ed25519-sha256 (RFC 8463).
    case ed25519(Curve25519.Signing.PrivateKey)

    /// The AlgorithmIdentifier of Ed25519 (OID 1.3.101.112, RFC 8410 §3), which follows the
    /// outer SEQUENCE's header and the version in a PKCS#8 key. swift-crypto reads an X25519 key
    /// as an Ed25519 one, so the identifier is checked first.
    private static let ed25519Identifier: [UInt8] = [0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70]

    /// The key in `block`: PKCS#1 (`RSA PRIVATE KEY`) or PKCS#8 (`PRIVATE KEY`) RSA, or PKCS#8
    /// Ed25519.
    init(_ block: PEMBlock) throws(DKIMKeyError) {
        let rsa: _RSA.Signing.PrivateKey?
        do {
            rsa = try _RSA.Signing.PrivateKey(unsafeDERRepresentation: block.der)
        } catch CryptoKitError.incorrectParameterSize {
            throw DKIMKeyError(.rsaKeyTooSmall(bits: nil))
        } catch {
            rsa = nil
        }
        if let rsa {
            guard rsa.keySizeInBits >= 2048 else { throw DKIMKeyError(.rsaKeyTooSmall(bits: rsa.keySizeInBits)) }
            self = .rsa(rsa)
        } else if block.label == "PRIVATE KEY", block.der.dropFirst(5).starts(with: Self.ed25519Identifier),
            let key = try? Curve25519.Signing.PrivateKey(derRepresentation: block.der)
        {
            self = .ed25519(key)
        } else {
            throw DKIMKeyError(.unsupportedKey)
        }
    }

    /// The algorithm the key signs with.
    var algorithm: DKIMKey.Algorithm {
        switch self {
        case .rsa: return .rsaSHA256
        case .ed25519: return .ed25519SHA256
        }
    }

    /// The private key as PKCS#8 PEM, ending with a line end.
    var pem: String {
        let text: String
        switch self {
        case .rsa(let key): text = key.pkcs8PEMRepresentation
        case .ed25519(let key): text = key.pemRepresentation
        }
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// The `k=` and `p=` tags of the DNS record: the SubjectPublicKeyInfo DER for RSA (RFC 6376
    /// §3.6.1), the raw 32-byte public key for Ed25519 (RFC 8463 §4).
    var publicKeyTags: String {
        switch self {
        case .rsa(let key): return "k=rsa; p=\(Base64.encode(key.publicKey.derRepresentation))"
        case .ed25519(let key): return "k=ed25519; p=\(Base64.encode(key.publicKey.rawRepresentation))"
        }
    }

    /// The signature of the header data whose SHA-256 is `digest`: RSASSA-PKCS1-v1_5 of the digest
    /// for RSA; for Ed25519, the signature of the 32 digest bytes as the message (RFC 8463 §3).
    func signature(of digest: SHA256Digest) throws -> [UInt8] {
        switch self {
        case .rsa(let key):
            return Array(try key.signature(for: digest, padding: .insecurePKCS1v1_5).rawRepresentation)
        case .ed25519(let key):
            return Array(try key.signature(for: Array(digest)))
        }
    }
}
