import BeckonDiagnostics
import BeckonProvenance
import BeckonSite
import Foundation

/// Where an artifact's bytes go when its record is written (`Artifact+Record`): the build's
/// on-disk step cache keeps each file once, by content. Without one, records hold the bytes.
public protocol ArtifactByteStore: AnyObject, Sendable {
    /// Stores bytes and returns a reference to them.
    func storeBytes(_ bytes: [UInt8]) -> String
    /// The file that holds the `count` bytes a reference names, for an artifact to read them from
    /// when they are needed (and a writer to copy); `nil` when they are gone.
    func file(_ reference: String, count: Int) -> (folder: ArtifactFolder, file: String)?
}

extension Artifact: Codable {
    /// The `userInfo` key of the `ArtifactByteStore` a record writer keeps bytes in.
    public static let byteStoreKey = CodingUserInfoKey(rawValue: "beckon.artifactByteStore")!

    private enum CodingKeys: String, CodingKey {
        case path, kind, locale, template, context, sample, status, contentType, bytes, deepLink, origin, card,
            provenance, alternateLink, note, variant, poolItem
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let bytes = [UInt8](try container.decode(Data.self, forKey: .bytes))
        let provenance = try container.decodeIfPresent(ProvenanceMap.self, forKey: .provenance)
        self.init(
            path: try container.decode(String.self, forKey: .path),
            kind: try container.decode(ArtifactKind.self, forKey: .kind),
            locale: try container.decodeIfPresent(LocaleID.self, forKey: .locale),
            template: try container.decodeIfPresent(String.self, forKey: .template),
            context: try container.decodeIfPresent(String.self, forKey: .context),
            sample: try container.decodeIfPresent(String.self, forKey: .sample),
            status: try container.decode(Int.self, forKey: .status),
            contentType: try container.decode(String.self, forKey: .contentType), bytes: bytes,
            deepLink: try container.decodeIfPresent(String.self, forKey: .deepLink),
            origin: try container.decodeIfPresent(SourceLocation.self, forKey: .origin), provenance: provenance)
        // `init` derives an origin from the template when there is none; keep what was stored.
        self.origin = try container.decodeIfPresent(SourceLocation.self, forKey: .origin)
        self.card = try container.decodeIfPresent(CardFacts.self, forKey: .card)
        self.alternateLink = try container.decodeIfPresent(String.self, forKey: .alternateLink)
        self.note = try container.decodeIfPresent(String.self, forKey: .note)
        self.variant = try container.decodeIfPresent(String.self, forKey: .variant)
        self.poolItem = try container.decodeIfPresent(Int.self, forKey: .poolItem)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(locale, forKey: .locale)
        try container.encodeIfPresent(template, forKey: .template)
        try container.encodeIfPresent(context, forKey: .context)
        try container.encodeIfPresent(sample, forKey: .sample)
        try container.encode(status, forKey: .status)
        try container.encode(contentType, forKey: .contentType)
        try container.encode(Data(bytes), forKey: .bytes)
        try container.encodeIfPresent(provenance, forKey: .provenance)
        try container.encodeIfPresent(deepLink, forKey: .deepLink)
        try container.encodeIfPresent(origin, forKey: .origin)
        try container.encodeIfPresent(card, forKey: .card)
        try container.encodeIfPresent(alternateLink, forKey: .alternateLink)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(variant, forKey: .variant)
        try container.encodeIfPresent(poolItem, forKey: .poolItem)
    }
}
