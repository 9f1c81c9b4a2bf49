/// Why a DKIM private key could not be read or made. The description says what is wrong and
/// how to fix it; it never holds key material.
public struct DKIMKeyError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the key.
    public enum Problem: Equatable, Sendable {
        /// The text holds no PEM block, or a block whose base64 is broken.
        case notPEM
        /// The PEM block holds something other than a private key (the label says what).
        case notAPrivateKey(label: String)
        /// The private key is encrypted with a passphrase.
        case encrypted
        /// The private key is neither RSA nor Ed25519, or it is damaged.
        case unsupportedKey
        /// The RSA key has fewer than the 2048 bits RFC 8301 requires (`bits` is `nil` when it
        /// has fewer than 1024, which the crypto library does not measure).
        case rsaKeyTooSmall(bits: Int?)
        /// The system could not make a new key.
        case generationFailed
    }

    /// What is wrong with the key.
    public let problem: Problem

    /// An error for `problem`.
    public init(_ problem: Problem) {
        self.problem = problem
    }

    /// What is wrong and how to fix it.
    public var description: String {
        switch problem {
        case .notPEM:
            return "The DKIM key is not a PEM private key: expected a `-----BEGIN PRIVATE KEY-----` (or "
                + "`-----BEGIN RSA PRIVATE KEY-----`) block of base64. Make one with `beckon dkim keygen`."
        case .notAPrivateKey(let label):
            return "The DKIM key holds a `\(label)` block, not a private key: give the private key "
                + "(`BEGIN PRIVATE KEY`); the public key belongs in the DNS record."
        case .encrypted:
            return "The DKIM private key is encrypted, and nothing can type its passphrase: write an unencrypted "
                + "copy with `openssl pkey -in key.pem -out plain.pem` and make it readable by the server only."
        case .unsupportedKey:
            return "The DKIM private key is neither RSA nor Ed25519, or it is damaged: DKIM signs with "
                + "rsa-sha256 or ed25519-sha256. Make a new key with `beckon dkim keygen`."
        case .rsaKeyTooSmall(let bits):
            let size = bits.map { "has \($0) bits" } ?? "has fewer than 1024 bits"
            return "The DKIM RSA key \(size), and RFC 8301 requires at least 2048 (receivers ignore signatures "
                + "made with smaller keys): make a new key with `beckon dkim keygen` (or `openssl genpkey "
                + "-algorithm RSA -pkeyopt rsa_keygen_bits:2048`) and publish its DNS record."
        case .generationFailed:
            return "The system could not make a new DKIM key (its random source or crypto library failed); "
                + "try again."
        }
    }
}
