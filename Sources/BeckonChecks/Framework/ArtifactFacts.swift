import BeckonMIME
import BeckonRender
import BeckonSite

/// What the site rules read of one artifact, found once per content: the parsed page (with its
/// links, ids and colours), the links of a text artifact, or how an email's MIME message reads.
/// A caller that keeps facts between builds (the engine) re-reads only artifacts that changed.
public struct ArtifactFacts: Sendable {
    /// An HTML page, parsed.
    public var page: CheckedPage?
    /// The URLs a plain-text artifact holds.
    public var textLinks: [FoundLink]
    /// The deep link recorded with an artifact (a share message's), as a link of it.
    public var deepLink: FoundLink?
    /// An email message (`.eml`), read back.
    public var message: MessageFacts?
    /// What a static image (PNG or SVG) is drawn in, with each colour's share; `nil` for other
    /// artifacts, and for an image with no colour to measure.
    public var ink: [(color: Color, share: Double)]?

    /// Reads the facts of an artifact.
    public init(_ artifact: Artifact) {
        page = CheckedSite.isPage(artifact) ? CheckedPage(artifact) : nil
        textLinks =
            artifact.contentType.hasPrefix("text/plain")
            ? FoundLink.links(inText: String(decoding: artifact.bytes, as: UTF8.self), path: artifact.path) : []
        deepLink = artifact.deepLink.map { FoundLink(url: $0, attribute: "deep link", line: 1, path: artifact.path) }
        message = artifact.kind == .emailMIME ? MessageFacts(artifact.bytes) : nil
        ink = artifact.kind == .asset ? LogoVisibilityRule.ink(artifact).flatMap { $0.isEmpty ? nil : $0 } : nil
    }

    /// How an email message reads back: its parts' media types and decoded bodies, or why it does
    /// not parse.
    public struct MessageFacts: Sendable {
        public var mediaTypes: [String]
        public var bodies: [String]
        public var problem: String?

        init(_ bytes: [UInt8]) {
            do {
                let message = try MIMEParser().parse(bytes)
                mediaTypes = message.parts.map(\.mediaType)
                bodies = message.parts.map(\.body)
                problem = nil
            } catch {
                mediaTypes = []
                bodies = []
                problem = "it does not parse: \(error)"
            }
        }
    }
}
