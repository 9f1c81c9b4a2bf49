/// A short, stable fingerprint of a source string (FNV-1a, 64 bits, as 16 hex digits). A
/// translation records the fingerprint of the source it was made from; when the source changes,
/// the fingerprints differ and the translation is stale.
public enum SourceHash {
    public static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
