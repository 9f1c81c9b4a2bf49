extension [UInt8] {
    /// Appends the UTF-8 of `text` at once, from its contiguous storage (not a byte at a time
    /// through its view).
    public mutating func append(utf8Of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
