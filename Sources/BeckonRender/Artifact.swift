import BeckonDiagnostics
import BeckonProvenance
import BeckonSite
import Foundation
import Synchronization

/// One rendered output file: its bytes in memory, or — in a build that streams its output — in the
/// file they were written to (`moveBytes(to:)`), read back when asked for.
///
/// An artifact is copied into many indexes (pages, links, emails, appearances); its fields live in
/// one shared box, copied only when a copy that shares it is changed, so a copy costs one
/// reference count instead of one per field.
///
/// One type serves every kind (`ArtifactKind`): what the manifest, the writer, the checks and the
/// caches do with a file — its path, kind, locale, status, content type, bytes and hash — is the
/// same for all of them, and the few facts only some kinds have (a share message's links and pool
/// item, a card's facts) are optional fields of the same box rather than types of their own that
/// every one of those places would have to switch over.
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
    /// The content. For an artifact whose bytes were moved to a file without a copy kept in
    /// memory, each read reads the file (empty when it is gone; a streaming build checks every
    /// moved file before it swaps the output into place).
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

    /// Records that `file` in `folder` holds exactly these bytes, and (unless `keepsCopy`) lets go
    /// of them in memory: from then on this artifact, and every copy sharing its fields, reads
    /// them from the file. The content's SHA-256 is worked out first, while the bytes are at hand.
    /// - Parameter keepsCopy: The bytes stay in memory too, and are read from there (for a file
    ///   smaller than what reading it back would cost); `bytesFile` names the file all the same.
    public func moveBytes(to folder: ArtifactFolder, file: String, keepsCopy: Bool = false) {
        storage.moveBytes(to: folder, file: file, keepsCopy: keepsCopy)
    }

    /// Where the bytes are, when they were moved to a file: the folder and the file's path in it.
    public var bytesFile: (folder: ArtifactFolder, file: String)? { storage.bytesFile }

    /// Makes this artifact read its bytes from `file` in `folder` (a cache's stored copy), which
    /// holds `count` bytes whose SHA-256 is `sha256`: nothing is read now.
    mutating func readBytes(from folder: ArtifactFolder, file: String, count: Int, sha256: String) {
        unique().readBytes(from: folder, file: file, count: count, sha256: sha256)
    }

    /// The keys of the provenance map's origins of `kind` (the strings the file shows): for a map
    /// read back from the cache, from the record (or its bytes) without decoding it.
    public func provenanceKeys(ofKind kind: Origin.Kind) -> [String] {
        storage.provenanceKeys(ofKind: kind)
    }

    /// The provenance map as `ProvenanceMap.cacheForm()` writes it, without decoding one that is
    /// still in that form.
    var provenanceCacheForm: [UInt8]? { storage.provenanceCacheForm }

    /// Sets the provenance map from what a cache record keeps of it, decoded when first read.
    mutating func setStoredProvenance(_ stored: StoredProvenance?) {
        unique().setStoredProvenance(stored)
    }

    /// The reference under which `store` keeps the bytes: remembered from when they were stored
    /// or read back, else stored now.
    func storedBytes(in store: any ArtifactByteStore) -> String {
        if let known = storage.storedBlobs(in: store).bytes { return known }
        let reference = store.storeBytes(bytes)
        storage.remember(in: store) { $0.bytes = reference }
        return reference
    }

    /// The reference, size and string keys under which `store` keeps the provenance map's stored
    /// form: remembered, else stored now; `nil` without a map.
    func storedProvenance(in store: any ArtifactByteStore) -> (reference: String, count: Int, stringKeys: [String])? {
        if let known = storage.storedBlobs(in: store).provenance { return known }
        guard let form = provenanceCacheForm else { return nil }
        let stored = (reference: store.storeBytes(form), count: form.count, stringKeys: provenanceKeys(ofKind: .string))
        storage.remember(in: store) { $0.provenance = stored }
        return stored
    }

    /// Remembers that `store` keeps the bytes under `bytes` and the provenance map as
    /// `provenance` (what a record read back names).
    func rememberStored(
        in store: any ArtifactByteStore, bytes: String?,
        provenance: (reference: String, count: Int, stringKeys: [String])?
    ) {
        storage.remember(in: store) {
            $0.bytes = bytes
            $0.provenance = provenance
        }
    }

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
        /// Guards this box's content, provenance and stored blobs: held only to read or replace
        /// them, never while a file is read. One lock per box, so threads reading different
        /// artifacts never wait for each other.
        private let lock = Mutex(())
        var path: String
        var kind: ArtifactKind
        var locale: LocaleID? = nil
        var template: String? = nil
        var context: String? = nil
        var sample: String? = nil
        var status: Int
        var contentType: String
        /// The bytes and their digest, behind `lock`: the bytes may move to a file
        /// while copies sharing this box are read on other threads.
        private var content: ArtifactContent
        var deepLink: String? = nil
        var alternateLink: String? = nil
        var note: String? = nil
        var variant: String? = nil
        var poolItem: Int? = nil
        var origin: SourceLocation? = nil
        /// For a card, its facts; in a box of their own, as most artifacts are not cards.
        var card: CardFacts? {
            get { cardBox?.facts }
            set { cardBox = newValue.map(CardBox.init) }
        }
        private var cardBox: CardBox?
        /// The provenance map, or what a cache record keeps of it (`StoredProvenance`) until it
        /// is first read; both behind `lock`, as copies sharing this box are read
        /// on other threads.
        private var decodedProvenance: ProvenanceMap? = nil
        private var storedProvenance: StoredProvenance? = nil
        /// Where a cache keeps the bytes and the provenance map, behind `lock`;
        /// `nil` until a cache stores or reads the artifact (without one, it never is).
        private var blobs: BlobsBox?

        var provenance: ProvenanceMap? {
            get {
                let (decoded, stored) = lock.withLock { _ in (decodedProvenance, storedProvenance) }
                guard let stored else { return decoded }
                let map = stored.bytes().flatMap { ProvenanceMap(cacheForm: $0) }
                lock.withLock { _ in
                    decodedProvenance = map
                    storedProvenance = nil
                }
                return map
            }
            set {
                lock.withLock { _ in
                    decodedProvenance = newValue
                    storedProvenance = nil
                    blobs?.known.provenance = nil
                }
            }
        }

        func provenanceKeys(ofKind kind: Origin.Kind) -> [String] {
            let (decoded, stored) = lock.withLock { _ in (decodedProvenance, storedProvenance) }
            guard let stored else { return decoded?.keys(ofKind: kind) ?? [] }
            return stored.keys(ofKind: kind)
        }

        var provenanceCacheForm: [UInt8]? {
            let (decoded, stored) = lock.withLock { _ in (decodedProvenance, storedProvenance) }
            return stored?.bytes() ?? decoded?.cacheForm()
        }

        func setStoredProvenance(_ stored: StoredProvenance?) {
            lock.withLock { _ in
                decodedProvenance = nil
                storedProvenance = stored
                blobs?.known.provenance = nil
            }
        }

        func readBytes(from folder: ArtifactFolder, file: String, count: Int, sha256: String) {
            lock.withLock { _ in
                content = ArtifactContent(file: (folder, file), count: count, sha256: sha256)
                blobs?.known.bytes = nil
            }
        }

        /// What `store` keeps of this artifact, as far as it is known.
        func storedBlobs(in store: any ArtifactByteStore) -> StoredBlobs {
            lock.withLock { _ in
                blobs.flatMap { $0.known.store === store ? $0.known : nil } ?? StoredBlobs(store: store)
            }
        }

        /// Remembers what `store` keeps of this artifact (`update` changes the known part).
        func remember(in store: any ArtifactByteStore, _ update: (inout StoredBlobs) -> Void) {
            lock.withLock { _ in
                let box = blobs.flatMap { $0.known.store === store ? $0 : nil } ?? BlobsBox(StoredBlobs(store: store))
                update(&box.known)
                blobs = box
            }
        }

        init(path: String, kind: ArtifactKind, status: Int, contentType: String, bytes: [UInt8]) {
            self.path = path
            self.kind = kind
            self.status = status
            self.contentType = contentType
            self.content = ArtifactContent(bytes)
        }

        var bytes: [UInt8] {
            get { lock.withLock { _ in content }.bytes }
            set {
                lock.withLock { _ in
                    content = ArtifactContent(newValue)
                    blobs?.known.bytes = nil
                }
            }
        }

        var byteCount: Int { lock.withLock { _ in content.count } }

        var bytesFile: (folder: ArtifactFolder, file: String)? {
            lock.withLock { _ in content.file }
        }

        var sha256: String {
            let current = lock.withLock { _ in content }
            if let digest = current.sha256 { return digest }
            let digest = ArtifactContent.sha256(of: current.bytes)
            lock.withLock { _ in content.sha256 = digest }
            return digest
        }

        func moveBytes(to folder: ArtifactFolder, file: String, keepsCopy: Bool) {
            let digest = sha256
            let kept = keepsCopy ? bytes : nil
            lock.withLock { _ in
                content = ArtifactContent(file: (folder, file), count: content.count, sha256: digest, memory: kept)
            }
        }

        func copy() -> Storage {
            let copy = Storage(path: path, kind: kind, status: status, contentType: contentType, bytes: [])
            copy.content = lock.withLock { _ in content }
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
            copy.cardBox = cardBox
            lock.withLock { _ in
                copy.decodedProvenance = decodedProvenance
                copy.storedProvenance = storedProvenance
                copy.blobs = blobs.map { BlobsBox($0.known) }
            }
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

    /// A card's facts, shared by the copies of its artifact (they never change in place).
    private final class CardBox: Sendable {
        let facts: CardFacts

        init(_ facts: CardFacts) { self.facts = facts }
    }

    /// What a cache keeps of an artifact, one box per `Storage` (a copy gets its own), changed
    /// only behind its `Storage`'s lock.
    private final class BlobsBox: @unchecked Sendable {
        var known: StoredBlobs

        init(_ known: StoredBlobs) { self.known = known }
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
