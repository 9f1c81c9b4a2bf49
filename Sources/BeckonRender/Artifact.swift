import BeckonDiagnostics
import BeckonProvenance
import BeckonSite
import Foundation

/// What an output file is, as recorded in `manifest.json`.
public enum ArtifactKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case landing
    case expired
    case gone
    case android
    /// The page for someone who already has the app (seed 000 E7).
    case accepted
    /// `.well-known/apple-app-site-association`.
    case aasa
    /// `.well-known/assetlinks.json`.
    case assetlinks
    /// A file copied from `static/`.
    case asset
    /// A pre-composed share message (`messages/LOCALE/CONTEXT.CHANNEL.txt`).
    case shareMessage = "share-message"
    /// An Open Graph preview card (`cards/LOCALE/….png`).
    case ogCard = "og-card"
    /// An email's HTML part (`emails/LOCALE/SAMPLE/NAME.html`).
    case emailHTML = "email-html"
    /// An email's plain-text part (`….txt`).
    case emailText = "email-text"
    /// An email as a complete MIME message (`….eml`).
    case emailMIME = "email-mime"
    /// An email's subject, preheader and parts as JSON for an email service provider (`….json`).
    case emailSidecar = "email-sidecar"
    /// The localization reviewer page (`review/index.html`).
    case review
    /// An HTML file checked by `beckon lint`, which Beckon did not build.
    case document
    /// A host's configuration (`_headers`, `_redirects`, `_serving/nginx.conf`, `_serving/Caddyfile`),
    /// read by the host and never served.
    case servingRules = "serving-rules"

    /// Whether the artifact is one of a site's invite pages.
    public var isInvitePage: Bool { [.landing, .expired, .gone, .android, .accepted].contains(self) }

    public static func < (lhs: ArtifactKind, rhs: ArtifactKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One rendered output file: its bytes in memory, or — in a build that streams its output — in the
/// file they were written to (`moveBytes(to:)`), read back when asked for.
///
/// An artifact is copied into many indexes (pages, links, emails, appearances); its fields live in
/// one shared box, copied only when a copy that shares it is changed, so a copy costs one
/// reference count instead of one per field.
public struct Artifact: Sendable, Hashable {
    private var storage: Storage

    /// Path below the output folder, with `/` separators.
    public var path: String {
        get { storage.path }
        set { unique().path = newValue }
    }
    public var kind: ArtifactKind {
        get { storage.kind }
        set { unique().kind = newValue }
    }
    public var locale: LocaleID? {
        get { storage.locale }
        set { unique().locale = newValue }
    }
    /// The template it was rendered from, as a site path.
    public var template: String? {
        get { storage.template }
        set { unique().template = newValue }
    }
    /// The invite context (`generic`, `achievement`, …) it was rendered for.
    public var context: String? {
        get { storage.context }
        set { unique().context = newValue }
    }
    /// The sample invite it was rendered with, if any.
    public var sample: String? {
        get { storage.sample }
        set { unique().sample = newValue }
    }
    /// The HTTP status a server must answer with when serving it.
    public var status: Int {
        get { storage.status }
        set { unique().status = newValue }
    }
    public var contentType: String {
        get { storage.contentType }
        set { unique().contentType = newValue }
    }
    /// The content. For an artifact whose bytes were moved to a file, each read reads the file
    /// (empty when it is gone; a streaming build checks every moved file before it swaps the
    /// output into place).
    public var bytes: [UInt8] {
        get { storage.bytes }
        set { unique().bytes = newValue }
    }
    /// How many bytes the content has, without reading a moved artifact's file.
    public var byteCount: Int { storage.byteCount }
    /// The content's SHA-256 in lower-case hex, worked out once.
    public var sha256: String { storage.sha256 }
    /// The deep link that opens the channel's app with this message, for share messages.
    public var deepLink: String? {
        get { storage.deepLink }
        set { unique().deepLink = newValue }
    }
    /// The same target reached another way, for share messages: the app's own scheme for WhatsApp
    /// (`whatsapp://send?…`, beside `https://wa.me/…`), the web profile for Instagram.
    public var alternateLink: String? {
        get { storage.alternateLink }
        set { unique().alternateLink = newValue }
    }
    /// What a reader of the manifest must know about the message, such as that Instagram cannot
    /// prefill it.
    public var note: String? {
        get { storage.note }
        set { unique().note = newValue }
    }
    /// The A/B variant of a share message (`share.variants`), which its link carries signed.
    public var variant: String? {
        get { storage.variant }
        set { unique().variant = newValue }
    }
    /// The pool item (from 1) a share message was written from, when its key holds a pool.
    public var poolItem: Int? {
        get { storage.poolItem }
        set { unique().poolItem = newValue }
    }
    /// Where the artifact's content comes from (a template, a locale string), for findings.
    public var origin: SourceLocation? {
        get { storage.origin }
        set { unique().origin = newValue }
    }
    /// For a card: what the renderer knows that the PNG bytes do not say.
    public var card: CardFacts? {
        get { storage.card }
        set { unique().card = newValue }
    }
    /// Which byte ranges came from which template line, locale string or setting.
    public var provenance: ProvenanceMap? {
        get { storage.provenance }
        set { unique().provenance = newValue }
    }

    public init(
        path: String, kind: ArtifactKind, locale: LocaleID? = nil, template: String? = nil, context: String? = nil,
        sample: String? = nil, status: Int = 200, contentType: String, bytes: [UInt8], deepLink: String? = nil,
        origin: SourceLocation? = nil, provenance: ProvenanceMap? = nil
    ) {
        storage = Storage(path: path, kind: kind, status: status, contentType: contentType, bytes: bytes)
        storage.locale = locale
        storage.template = template
        storage.context = context
        storage.sample = sample
        storage.deepLink = deepLink
        storage.origin = origin ?? template.map { SourceLocation(file: $0) }
        storage.provenance = provenance
    }

    /// Lets go of the bytes held in memory: from now on this artifact, and every copy sharing its
    /// fields, reads them from `file` in `folder`, which must hold exactly these bytes. The
    /// content's SHA-256 is worked out first, while the bytes are at hand.
    public func moveBytes(to folder: ArtifactFolder, file: String) {
        storage.moveBytes(to: folder, file: file)
    }

    /// Where the bytes are, when they were moved to a file: the folder and the file's path in it.
    public var bytesFile: (folder: ArtifactFolder, file: String)? { storage.bytesFile }

    /// The box, made this artifact's own before a change.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public static func == (lhs: Artifact, rhs: Artifact) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// The fields of an artifact. Changed only through `unique()`, when no other artifact shares it.
    private final class Storage: @unchecked Sendable {
        var path: String
        var kind: ArtifactKind
        var locale: LocaleID? = nil
        var template: String? = nil
        var context: String? = nil
        var sample: String? = nil
        var status: Int
        var contentType: String
        /// The bytes and their digest, behind `ArtifactContent.lock`: the bytes may move to a file
        /// while copies sharing this box are read on other threads.
        private var content: ArtifactContent
        var deepLink: String? = nil
        var alternateLink: String? = nil
        var note: String? = nil
        var variant: String? = nil
        var poolItem: Int? = nil
        var origin: SourceLocation? = nil
        var card: CardFacts? = nil
        var provenance: ProvenanceMap? = nil

        init(path: String, kind: ArtifactKind, status: Int, contentType: String, bytes: [UInt8]) {
            self.path = path
            self.kind = kind
            self.status = status
            self.contentType = contentType
            self.content = ArtifactContent(bytes)
        }

        var bytes: [UInt8] {
            get { ArtifactContent.lock.withLock { content }.bytes }
            set { ArtifactContent.lock.withLock { content = ArtifactContent(newValue) } }
        }

        var byteCount: Int { ArtifactContent.lock.withLock { content.count } }

        var bytesFile: (folder: ArtifactFolder, file: String)? {
            ArtifactContent.lock.withLock { content.file }
        }

        var sha256: String {
            let current = ArtifactContent.lock.withLock { content }
            if let digest = current.sha256 { return digest }
            let digest = ArtifactContent.sha256(of: current.bytes)
            ArtifactContent.lock.withLock { content.sha256 = digest }
            return digest
        }

        func moveBytes(to folder: ArtifactFolder, file: String) {
            let digest = sha256
            ArtifactContent.lock.withLock {
                content = ArtifactContent(file: (folder, file), count: content.count, sha256: digest)
            }
        }

        func copy() -> Storage {
            let copy = Storage(path: path, kind: kind, status: status, contentType: contentType, bytes: [])
            copy.content = ArtifactContent.lock.withLock { content }
            copy.locale = locale
            copy.template = template
            copy.context = context
            copy.sample = sample
            copy.deepLink = deepLink
            copy.alternateLink = alternateLink
            copy.note = note
            copy.variant = variant
            copy.poolItem = poolItem
            copy.origin = origin
            copy.card = card
            copy.provenance = provenance
            return copy
        }

        /// Every field, for equality and hashing.
        var fields: Fields {
            Fields(
                path: path, kind: kind, locale: locale, template: template, context: context, sample: sample,
                status: status, contentType: contentType, bytes: bytes, deepLink: deepLink,
                alternateLink: alternateLink, note: note, variant: variant, poolItem: poolItem, origin: origin,
                card: card, provenance: provenance)
        }
    }

    /// The fields of an artifact as one value, compared and hashed field by field.
    private struct Fields: Hashable {
        var path: String
        var kind: ArtifactKind
        var locale: LocaleID?
        var template: String?
        var context: String?
        var sample: String?
        var status: Int
        var contentType: String
        var bytes: [UInt8]
        var deepLink: String?
        var alternateLink: String?
        var note: String?
        var variant: String?
        var poolItem: Int?
        var origin: SourceLocation?
        var card: CardFacts?
        var provenance: ProvenanceMap?
    }
}

/// Where an artifact's bytes go when it is written down (the build's on-disk step cache keeps each
/// file once, by content); without one, bytes are written inline as base64.
public protocol ArtifactByteStore: AnyObject, Sendable {
    /// Stores bytes and returns a reference to them.
    func storeBytes(_ bytes: [UInt8]) -> String
    /// The bytes a reference names, or `nil` when they are gone.
    func loadBytes(_ reference: String) -> [UInt8]?
}

extension Artifact: Codable {
    /// The `userInfo` key of the `ArtifactByteStore` to keep bytes in.
    public static let byteStoreKey = CodingUserInfoKey(rawValue: "beckon.artifactByteStore")!

    private enum CodingKeys: String, CodingKey {
        case path, kind, locale, template, context, sample, status, contentType, bytes, bytesRef, deepLink, origin,
            card, provenance, provenanceRef, alternateLink, note, variant, poolItem
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let store = decoder.userInfo[Self.byteStoreKey] as? any ArtifactByteStore
        func stored(_ key: CodingKeys) throws -> [UInt8]? {
            guard let reference = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let bytes = store?.loadBytes(reference) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "the artifact's stored bytes are gone")
            }
            return bytes
        }
        let bytes = try stored(.bytesRef) ?? [UInt8](try container.decode(Data.self, forKey: .bytes))
        var provenance = try container.decodeIfPresent(ProvenanceMap.self, forKey: .provenance)
        if let encoded = try stored(.provenanceRef) {
            guard let map = ProvenanceMap(encoded: encoded) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .provenanceRef, in: container, debugDescription: "the provenance does not read back")
            }
            provenance = map
        }
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
        let store = encoder.userInfo[Self.byteStoreKey] as? any ArtifactByteStore
        if let store {
            try container.encode(store.storeBytes(bytes), forKey: .bytesRef)
            if let provenance { try container.encode(store.storeBytes(provenance.encoded()), forKey: .provenanceRef) }
        } else {
            try container.encode(Data(bytes), forKey: .bytes)
            try container.encodeIfPresent(provenance, forKey: .provenance)
        }
        try container.encodeIfPresent(deepLink, forKey: .deepLink)
        try container.encodeIfPresent(origin, forKey: .origin)
        try container.encodeIfPresent(card, forKey: .card)
        try container.encodeIfPresent(alternateLink, forKey: .alternateLink)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(variant, forKey: .variant)
        try container.encodeIfPresent(poolItem, forKey: .poolItem)
    }
}
