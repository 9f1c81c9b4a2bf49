/// One body part of a parsed multipart message.
public struct ParsedPart: Hashable, Sendable {
    /// The part's header fields, unfolded.
    public let headers: [HeaderField]
    /// The media type, lower-cased, such as `text/plain`.
    public let mediaType: String
    /// The `charset` parameter, lower-cased, if there is one.
    public let charset: String?
    /// The `Content-Transfer-Encoding` (7bit when the part has none).
    public let transferEncoding: TransferEncoding
    /// The body, transfer encoding undone and decoded as UTF-8.
    public let body: String
}
