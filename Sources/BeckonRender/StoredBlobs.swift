/// Where a cache's byte store keeps an artifact's bytes and provenance map (`Artifact+Record`),
/// remembered when they are stored or read back: writing the artifact into another record of the
/// same store (the whole build's, beside its render step's) then reads, hashes and stores nothing
/// again.
struct StoredBlobs: Sendable {
    /// The store the references are in; they mean nothing to another.
    weak var store: (any ArtifactByteStore)?
    /// The reference of the bytes.
    var bytes: String?
    /// The reference of the provenance map's stored form, its size and the keys of the strings
    /// it names.
    var provenance: (reference: String, count: Int, stringKeys: [String])?
}
