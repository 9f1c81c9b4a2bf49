/// One header field of a message: its name, lowercased, and where its bytes are.
struct HeaderField {
    /// The field name in lowercase ASCII, such as `from` or `list-unsubscribe`.
    let name: String
    /// The field's bytes in the message, from its name to the end of its last folded line,
    /// without the final CRLF.
    let range: Range<Int>
}
