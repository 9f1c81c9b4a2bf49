import Foundation

/// A folder artifacts' bytes were written to (`Artifact.moveBytes(to:file:)`): a streaming build's
/// staging folder, which becomes the output folder when the build is swapped into place — then
/// `path` follows it, and the artifacts read their bytes from the output.
public final class ArtifactFolder: @unchecked Sendable {
    private let lock = NSLock()
    private var current: String

    public init(path: String) {
        current = path
    }

    /// Where the folder is now.
    public var path: String {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
