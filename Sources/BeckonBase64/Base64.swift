import ExtrasBase64

/// Base64 with the standard alphabet and padding (RFC 4648 §4, and RFC 2045 §6.8 in lines of 76
/// for MIME bodies), for the provenance map's JSON and email messages, through swift-extras-base64,
/// with the strict decoding they rely on.
public enum Base64 {
    /// Characters per line of a MIME body.
    public static let lineLength = 76

    /// The bytes in base64 on one line.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        ExtrasBase64.Base64.encodeToString(bytes: bytes)
    }

    /// The bytes in base64, in lines of 76 characters (the last may be shorter) without line ends.
    public static func encodeLines(_ bytes: some Collection<UInt8>) -> [String] {
        let text = Array(encode(bytes).utf8)
        return stride(from: 0, to: text.count, by: lineLength).map {
            String(decoding: text[$0..<min($0 + lineLength, text.count)], as: UTF8.self)
        }
    }

    /// The bytes of base64 text, or `nil` when it has a character outside the alphabet, a length
    /// that is not a multiple of four, misplaced padding or non-zero padding bits (so every byte
    /// string has exactly one spelling).
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        let input = Array(text)
        guard input.count % 4 == 0, let bytes = try? ExtrasBase64.Base64.decode(bytes: input) else { return nil }
        // Only the one spelling: `Zh==` decodes like `Zg==`, and is refused.
        return ExtrasBase64.Base64.encodeToBytes(bytes: bytes) == input ? bytes : nil
    }

    /// The bytes of base64 text (see `decode(_:)` on bytes).
    public static func decode(_ text: String) -> [UInt8]? { decode(text.utf8) }
}
