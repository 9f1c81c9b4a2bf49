import BeckonRender
import Foundation

/// `output/manifest.json`: every artifact with its path, kind, locale, template, invite context,
/// HTTP status, content type, size and SHA-256, sorted by path.
public struct Manifest: Sendable, Hashable {
    /// One artifact's entry.
    public struct Entry: Sendable, Hashable, Codable {
        public var path: String
        public var kind: String
        public var locale: String?
        public var template: String?
        public var context: String?
        public var sample: String?
        public var status: Int
        public var contentType: String
        public var bytes: Int
        public var sha256: String
        /// The channel deep link of a share message.
        public var deepLink: String?
        /// The same target another way (`whatsapp://send?…`, an Instagram web profile).
        public var alternateLink: String?
        /// What to know about a share message, such as that Instagram cannot prefill it.
        public var note: String?
        /// A share message's A/B variant, signed into its link.
        public var variant: String?
        /// The pool item (from 1) a share message was written from.
        public var poolItem: Int?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(kind, forKey: .kind)
            try container.encode(locale, forKey: .locale)
            try container.encode(template, forKey: .template)
            try container.encode(context, forKey: .context)
            try container.encodeIfPresent(sample, forKey: .sample)
            try container.encode(status, forKey: .status)
            try container.encode(contentType, forKey: .contentType)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(sha256, forKey: .sha256)
            try container.encodeIfPresent(deepLink, forKey: .deepLink)
            try container.encodeIfPresent(alternateLink, forKey: .alternateLink)
            try container.encodeIfPresent(note, forKey: .note)
            try container.encodeIfPresent(variant, forKey: .variant)
            try container.encodeIfPresent(poolItem, forKey: .poolItem)
        }
    }

    struct Document: Codable {
        var version: Int
        var artifacts: [Entry]
    }

    /// The manifest format version.
    public static let version = 1
    public static let fileName = "manifest.json"
    public var entries: [Entry]

    /// A manifest of these entries, in the order given.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Reads a manifest written by Beckon.
    public init(data: Data) throws {
        entries = try JSONDecoder().decode(Document.self, from: data).artifacts
    }
}

extension Manifest.Entry {
    /// An artifact's entry.
    init(_ artifact: Artifact) {
        self.init(
            path: artifact.path, kind: artifact.kind.rawValue, locale: artifact.locale?.rawValue,
            template: artifact.template, context: artifact.context, sample: artifact.sample,
            status: artifact.status, contentType: artifact.contentType, bytes: artifact.byteCount,
            sha256: artifact.sha256, deepLink: artifact.deepLink, alternateLink: artifact.alternateLink,
            note: artifact.note, variant: artifact.variant, poolItem: artifact.poolItem)
    }
}
