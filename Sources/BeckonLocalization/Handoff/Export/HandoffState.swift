/// Where a translation stands when it is exported.
enum HandoffState: Sendable, Hashable {
    /// No translation yet.
    case new
    /// A translation made from an older source text (its `sourceHash` differs from the source's).
    case stale
    /// A translation of the current source text (or one that never recorded its source).
    case translated

    /// The state of `target` as a translation of `source`.
    init(source: BundleEntry, target: BundleEntry?) {
        guard let target else {
            self = .new
            return
        }
        if let hash = target.sourceHash, hash != SourceHash.of(source.text) {
            self = .stale
        } else {
            self = .translated
        }
    }
}
