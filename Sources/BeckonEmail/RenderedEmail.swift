import BeckonProvenance

/// One email rendered for a locale and sample invite: its parts and the complete message.
public struct RenderedEmail: Sendable, Hashable {
    public var subject: String
    public var preheader: String
    /// The HTML part.
    public var html: String
    /// The plain-text part, with `\n` line ends.
    public var text: String
    /// The complete MIME message (`.eml`), with CRLF line ends.
    public var mime: [UInt8]
    /// Where each byte range of the HTML part came from.
    public var provenance = ProvenanceMap()
}
