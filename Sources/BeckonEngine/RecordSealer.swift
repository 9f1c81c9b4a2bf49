import Crypto
import Foundation

/// Seals a step cache's records for results that hold personal data (a server's per-invite
/// pages and cards): each record is encrypted and authenticated with ChaCha20-Poly1305, and its
/// file is named by a keyed hash, so the folder shows neither what a record holds nor which
/// inputs it was made from. A record sealed with another key does not open and counts as missing.
public struct RecordSealer: Sendable {
    private let key: SymmetricKey

    public init(key: SymmetricKey) {
        self.key = key
    }

    /// The record's bytes, encrypted; `nil` when encryption fails.
    func seal(_ data: Data) -> Data? {
        try? ChaChaPoly.seal(data, using: key).combined
    }

    /// The bytes of a sealed record, or `nil` when it was sealed with another key or altered.
    func open(_ data: Data) -> Data? {
        guard let box = try? ChaChaPoly.SealedBox(combined: data) else { return nil }
        return try? ChaChaPoly.open(box, using: key)
    }

    /// The file name of a record: a keyed hash of its name, as 32 hex digits.
    func fileName(_ name: String) -> String {
        let code = Array(HMAC<SHA256>.authenticationCode(for: Data(name.utf8), using: key))
        let word = { (start: Int) in code[start..<start + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        return Fingerprint(high: word(0), low: word(8)).description
    }
}
