import Foundation

/// A folder artifacts read their bytes from: a cache's stored copies, or the folder they were
/// written to (`Artifact.moveBytes(to:file:)`), a streaming build's staging folder, which becomes
/// the output folder when the build is swapped into place — then `path` follows it, and the
/// artifacts read their bytes from the output.
public final class ArtifactFolder: @unchecked Sendable {
    private let lock = NSLock()
    private var current: String

    /// Whether an output may hard-link the folder's files instead of copying them: a cache's
    /// stored copies, which are never written in place, and whose edits through a link the cache
    /// notices (`StepCache.blobFile`).
    public let linkable: Bool
    /// A linkable folder, open (-1 when it could not be opened, or is not linkable): its files are
    /// named from it, in two path components instead of the whole path.
    public let descriptor: Int32

    public init(path: String, linkable: Bool = false) {
        current = path
        self.linkable = linkable
        descriptor = linkable ? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Where the folder is now.
    public var path: String {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
