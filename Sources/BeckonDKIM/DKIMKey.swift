import Crypto
import CryptoExtras

/// The key a DKIM signature is made with: RSA (rsa-sha256, RFC 6376) or Ed25519
/// (ed25519-sha256, RFC 8463). Its description and errors never show the private key.
public struct DKIMKey: Sendable {
    /// The signing algorithm, as the `a=` tag of a signature names it.
    public enum Algorithm: String, Sendable {
        /// RSASSA-PKCS1-v1_5 over SHA-256, with a key of at least 2048 bits (RFC 8301).
        case rsaSHA256 = "rsa-sha256"
        /// Ed25519 over the SHA-256 of the signed header data (RFC 8463).
        case ed25519SHA256 = "ed25519-sha256"
    }

    /// The algorithm the key signs with.
    public let algorithm: Algorithm
    /// The private key.
    let material: KeyMaterial

    private init(_ material: KeyMaterial) {
        self.material = material
        self.algorithm = material.algorithm
    }

    /// Reads a PEM private key: RSA, as PKCS#1 (`BEGIN RSA PRIVATE KEY`) or PKCS#8
    /// (`BEGIN PRIVATE KEY`), of at least 2048 bits (smaller keys are refused, as RFC 8301
    /// says); or Ed25519 as PKCS#8 (`BEGIN PRIVATE KEY`, as `openssl genpkey -algorithm ed25519`
    /// writes it). Text around the block, and other blocks before it, are skipped; encrypted
    /// keys are refused.
    public init(pem: String) throws(DKIMKeyError) {
        self.init(try KeyMaterial(PEMBlock.privateKey(in: pem)))
    }

    /// A new key: RSA of 2048 bits, or Ed25519.
    public static func generate(_ algorithm: Algorithm) throws(DKIMKeyError) -> DKIMKey {
        switch algorithm {
        case .rsaSHA256:
            guard let key = try? _RSA.Signing.PrivateKey(keySize: .bits2048) else {
                throw DKIMKeyError(.generationFailed)
            }
            return DKIMKey(.rsa(key))
        case .ed25519SHA256:
            return DKIMKey(.ed25519(Curve25519.Signing.PrivateKey()))
        }
    }

    /// The private key as PKCS#8 PEM (`BEGIN PRIVATE KEY`), for either algorithm: what
    /// `beckon dkim keygen` writes, and `init(pem:)` reads back.
    public var pem: String { material.pem }

    /// The value of the DNS TXT record at `SELECTOR._domainkey.DOMAIN`:
    /// `v=DKIM1; k=rsa; p=…` with the base64 SubjectPublicKeyInfo DER for RSA, or
    /// `v=DKIM1; k=ed25519; p=…` with the base64 raw 32-byte public key for Ed25519
    /// (RFC 8463 §4). An RSA record is longer than 255 characters, so it is published as
    /// several strings of one TXT record, which DNS providers do when given the whole value.
    public var dnsRecord: String { "v=DKIM1; \(material.publicKeyTags)" }
}

extension DKIMKey: CustomStringConvertible, CustomReflectable {
    /// The algorithm only, so that a key that ends up in a log shows nothing secret.
    public var description: String { "DKIMKey(\(algorithm.rawValue))" }

    /// The algorithm only, so that `dump` and debuggers show nothing secret either.
    public var customMirror: Mirror { Mirror(self, children: ["algorithm": algorithm]) }
}
