extension String {
    /// The text of bytes that are valid UTF-8, or `nil` when they are not (no replacement characters).
    init?(strictUTF8 bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
