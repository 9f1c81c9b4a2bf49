import BeckonMIME
import BeckonRender
import BeckonSite
import Crypto

/// What the site rules read of one artifact, found once per content: the parsed page (with its
/// links, ids and colours), the links of a text artifact, or how an email's MIME message reads.
/// A caller that keeps facts between builds (the engine) re-reads only artifacts that changed.
public struct ArtifactFacts: Sendable {
    /// An HTML page, parsed.
    public var page: CheckedPage?
    /// The URLs a plain-text artifact holds, or those a style sheet loads.
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
        if artifact.contentType.hasPrefix("text/plain") {
            // A share message is written once per channel with the same text: its links are
            // found once per text.
            let text = String(decoding: artifact.bytes, as: UTF8.self)
            textLinks = Self.linksByText.value(for: text) { FoundLink.links(inText: text) }
        } else if artifact.contentType.hasPrefix("text/css") {
            textLinks = FoundLink.links(inCSS: String(decoding: artifact.bytes, as: UTF8.self), path: artifact.path)
        } else {
            textLinks = []
        }
        deepLink = artifact.deepLink.map { FoundLink(url: $0, attribute: "deep link", line: 1) }
        message = artifact.kind == .emailMIME ? MessageFacts(artifact.bytes) : nil
        ink = artifact.kind == .asset ? LogoVisibilityRule.ink(artifact).flatMap { $0.isEmpty ? nil : $0 } : nil
    }

    /// The links of the texts read last (a site's share messages repeat each text in every channel).
    private static let linksByText = TextMemo<[FoundLink]>(limit: 4_096)

    /// How an email message reads back: its parts' media types and the SHA-256 of each decoded
    /// body, or why it does not parse. A build keeps these for every email until the site rules
    /// run, so they hold a digest of each body rather than the body.
    public struct MessageFacts: Sendable {
        public var mediaTypes: [String]
        public var problem: String?
        /// The SHA-256 of each part's decoded body, in the order of `mediaTypes`.
        var bodyDigests: [SHA256.Digest]

        init(_ bytes: [UInt8]) {
            do {
                let message = try MIMEParser().parse(bytes)
                mediaTypes = message.parts.map(\.mediaType)
                bodyDigests = message.parts.map { Self.digest($0.body) }
                problem = nil
            } catch {
                mediaTypes = []
                bodyDigests = []
                problem = "it does not parse: \(error)"
            }
        }

        /// The digest `bodyDigests` holds for a body.
        static func digest(_ body: String) -> SHA256.Digest {
            var body = body
            return body.withUTF8 { SHA256.hash(data: $0) }
        }
    }
}
