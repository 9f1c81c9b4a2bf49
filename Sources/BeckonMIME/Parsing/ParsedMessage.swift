/// A message read back by ``MIMEParser``.
public struct ParsedMessage: Hashable, Sendable {
    /// The top-level header fields in order, unfolded. Encoded-words are decoded except in the address
    /// fields (`From`, `To`, `Reply-To`, `Cc`, `Bcc`, `Sender`), which are kept as written and read
    /// into ``from``, ``to`` and ``replyTo``.
    public let headers: [HeaderField]
    /// The author.
    public let from: Mailbox
    /// The recipient.
    public let to: Mailbox
    /// Where replies go, if the message says.
    public let replyTo: Mailbox?
    /// The subject, encoded-words decoded.
    public let subject: String
    /// The `Message-ID` without its angle brackets.
    public let messageID: String
    /// The multipart boundary.
    public let boundary: String
    /// The body parts in order.
    public let parts: [ParsedPart]

    /// The value of the first field with this name (case-insensitive), as in ``headers``.
    /// - Parameter name: A field name, such as `Date`.
    public func value(of name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
