import BeckonProvenance
import BeckonRecords

/// A provenance map not yet decoded, as a cache record keeps it: its `ProvenanceMap.cacheForm()`
/// bytes, held or in a file, read when the map is first asked for; and, when the record has them,
/// the keys of the strings it names, which the review page reads of every file without the map.
struct StoredProvenance: Sendable {
    /// Reads the bytes; `nil` when they are gone.
    let bytes: @Sendable () -> [UInt8]?
    /// The keys of its `.string` origins, when known without reading the bytes.
    let stringKeys: [String]?

    /// A map held as bytes.
    init(bytes: [UInt8]) {
        self.bytes = { bytes }
        stringKeys = nil
    }

    /// A map whose `count` bytes are the file `file` in `folder`, naming `stringKeys`.
    init(folder: ArtifactFolder, file: String, count: Int, stringKeys: [String]) {
        bytes = { FileBytes.read(folder.path + "/" + file, count: count) }
        self.stringKeys = stringKeys
    }

    /// The keys of its origins of `kind`.
    func keys(ofKind kind: Origin.Kind) -> [String] {
        if kind == .string, let stringKeys { return stringKeys }
        return bytes().flatMap { ProvenanceMap.keys(ofKind: kind, encoded: $0) } ?? []
    }
}
