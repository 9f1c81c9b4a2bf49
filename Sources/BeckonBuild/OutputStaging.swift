import BeckonRender
import CBeckonSys
import Foundation

/// The hidden folder beside the output that a build writes into before it takes the output's
/// place (`OutputWriter`). A build that streams its output opens it before rendering and writes
/// each file as soon as it is made, letting go of the bytes in memory: the artifacts read them
/// back from here (and, once the folder is the output, from there).
public final class OutputStaging: @unchecked Sendable {
    public let url: URL
    /// The folder the streamed artifacts read their bytes from; it follows the staging folder
    /// into the output's place.
    public let folder: ArtifactFolder
    private let lock = NSLock()
    /// The paths written so far; a second artifact for one of them stays in memory.
    private var claimed: Set<String> = []
    private var folders: Set<String> = []

    init(url: URL) {
        self.url = url
        folder = ArtifactFolder(path: url.path)
    }

    /// Writes each artifact into the folder and lets go of its bytes in memory. An artifact whose
    /// path was already written (a path collision, reported by the build), or that cannot be
    /// written, keeps its bytes; the final write writes it or reports why it cannot.
    public func stream(_ artifacts: [Artifact]) {
        for artifact in artifacts where artifact.bytesFile == nil {
            let path = artifact.path
            let fresh = lock.withLock { claimed.insert(path).inserted }
            guard fresh, write(artifact) else { continue }
            artifact.moveBytes(to: folder, file: path)
        }
    }

    /// Whether `artifact` reads its bytes from this folder's file for its path.
    func holds(_ artifact: Artifact) -> Bool {
        guard let file = artifact.bytesFile else { return false }
        return file.folder === folder && file.file == artifact.path
    }

    private func write(_ artifact: Artifact) -> Bool {
        let file = url.appendingPathComponent(artifact.path)
        let parent = file.deletingLastPathComponent().path
        if lock.withLock({ !folders.contains(parent) }) {
            guard (try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)) != nil
            else { return false }
            lock.withLock { _ = folders.insert(parent) }
        }
        return artifact.bytes.withUnsafeBufferPointer { beckon_write_file(file.path, $0.baseAddress, $0.count) } == 0
    }

    /// Removes the folder and what was written to it.
    func discard() {
        try? FileManager.default.removeItem(at: url)
    }
}
