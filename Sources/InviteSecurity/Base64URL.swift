import ExtrasBase64

/// Unpadded base64url (RFC 4648 §5, as RFC 7515 writes it) with one spelling per byte string: what
/// link signatures and the parts of invite tokens are written in.
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Base64.encodeToString(bytes: bytes, options: [.base64UrlAlphabet, .omitPaddingCharacter])
    }

    /// The bytes of `text`, or `nil` unless it is their canonical spelling: its alphabet only, no
    /// padding, a length that holds whole bytes, and no bits set past the last byte (the last
    /// character of a 16-byte signature carries four unused bits, and a text differing only
    /// there must not be read as the same bytes).
    static func canonicalBytes(_ text: some StringProtocol) -> [UInt8]? {
        let input = Array(text.utf8)
        guard let bytes = try? Base64.decode(bytes: input, options: [.base64UrlAlphabet, .omitPaddingCharacter])
        else { return nil }
        return Base64.encodeToBytes(bytes: bytes, options: [.base64UrlAlphabet, .omitPaddingCharacter]) == input
            ? bytes : nil
    }
}
