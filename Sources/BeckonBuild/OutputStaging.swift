import BeckonRender
import CBeckonSys
import Foundation
import Synchronization

/// The hidden folder beside the output that a build writes into before it takes the output's
/// place (`OutputWriter`). A build that streams its output opens it before rendering and writes
/// each file as soon as it is made, letting go of the bytes in memory: the artifacts read them
/// back from here (and, once the folder is the output, from there).
public final class OutputStaging: @unchecked Sendable {
    public let url: URL
    /// `url`'s path: files' paths are joined to it as strings (a `URL` per file costs more than
    /// the write).
    private let root: String
    /// The folder the streamed artifacts read their bytes from; it follows the staging folder
    /// into the output's place.
    public let folder: ArtifactFolder
    private let lock = Mutex(())
    /// The paths written so far; a second artifact for one of them stays in memory.
    private var claimed: Set<String> = []
    private var folders: Set<String> = []

    /// The folder, open: files are linked into it by their paths below it.
    private let rootDescriptor: Int32

    init(url: URL) {
        self.url = url
        root = url.path
        folder = ArtifactFolder(path: url.path)
        rootDescriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        if rootDescriptor >= 0 { close(rootDescriptor) }
    }

    /// Writes each artifact into the folder and lets go of its bytes in memory, but for files of
    /// at most `keptInMemory` bytes (share messages, small static and `.well-known` files), which
    /// cost less to keep than to read back for the checks. An artifact whose path was already
    /// written (a path collision, reported by the build), or that cannot be written, keeps its
    /// bytes; the final write writes it or reports why it cannot.
    public func stream(_ artifacts: [Artifact]) {
        // The paths are claimed together, under one lock: a locale's share messages are a
        // thousand files, written while the pages' files are.
        let fresh = lock.withLock { _ in
            artifacts.map { $0.bytesFile == nil && claimed.insert($0.path).inserted }
        }
        // The folder the last file went in, made: a route's files often share one.
        var madeFolder: Substring?
        for (artifact, isFresh) in zip(artifacts, fresh) where isFresh {
            let path = artifact.path
            let bytes = artifact.bytes
            guard (try? write(bytes, to: path, madeFolder: &madeFolder)) != nil else { continue }
            artifact.moveBytes(to: folder, file: path, keepsCopy: bytes.count <= Self.keptInMemory)
        }
    }

    /// The size up to which a written file's bytes stay in memory too: the 9,840 share messages
    /// of a 100× benchmark site take 0.94 MB (at most 10 MB at this size), and the checks would
    /// read each back twice.
    static let keptInMemory = 1024

    /// Whether `artifact` reads its bytes from this folder's file for its path.
    func holds(_ artifact: Artifact) -> Bool {
        guard let file = artifact.bytesFile else { return false }
        return file.folder === folder && file.file == artifact.path
    }

    /// Writes a file at `path` below the folder, making its folder the first time. Files are
    /// written without a flush each: `sync()` makes them all durable at once.
    func write(_ bytes: [UInt8], to path: String) throws {
        var madeFolder: Substring?
        try write(bytes, to: path, madeFolder: &madeFolder)
    }

    /// Writes a file as `write(_:to:)` does, without asking for its folder when it is
    /// `madeFolder` (a folder below the staging folder this build made), which it sets to the
    /// file's folder.
    private func write(_ bytes: [UInt8], to path: String, madeFolder: inout Substring?) throws {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { path[..<$0] }
        if folder == nil || folder != madeFolder {
            try makeParent(of: root + "/" + path)
            madeFolder = folder
        }
        let result = bytes.withUnsafeBufferPointer { buffer in
            named(path) { beckon_write_file_at($0, $1, buffer.baseAddress, buffer.count) }
        }
        guard result == 0 else { throw OutputFileError(shown: path, code: errno) }
    }

    /// Writes a file at `path` below the folder from its parts, in order (`manifest.json` as it
    /// was made), without joining them first.
    func write(_ parts: [[UInt8]], to path: String) throws {
        guard parts.count > 1 else { return try write(parts.first ?? [], to: path) }
        let file = root + "/" + path
        try makeParent(of: file)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw OutputFileError(shown: path, code: errno) }
        var failure: Int32 = 0
        for part in parts where failure == 0 {
            let result = part.withUnsafeBufferPointer { beckon_write_all(descriptor, $0.baseAddress, $0.count) }
            if result != 0 { failure = errno }
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        guard failure == 0 else { throw OutputFileError(shown: path, code: failure) }
    }

    /// Puts the file an artifact reads its bytes from (a cache's stored copy) at its path below
    /// the folder, without reading the bytes into memory: a hard link when `linking` and the
    /// stored copy's folder allows it (`ArtifactFolder.linkable`) and is on this file system, else
    /// a copy. An artifact held in memory is written. Link only to a path nothing else is written
    /// to: a later write of the path would write into the stored copy.
    func copy(_ artifact: Artifact, linking: Bool = false) throws {
        guard let source = artifact.bytesFile else { return try write(artifact.bytes, to: artifact.path) }
        let path = artifact.path
        let file = root + "/" + path
        try makeParent(of: file)
        // Made only when a path is needed: linking from the open folders needs none.
        var stored: String { source.folder.path + "/" + source.file }
        // Linked as the cache checked it when it read the record back (its size and time), from
        // the open folders when they are.
        if linking, source.folder.linkable {
            let linked =
                source.folder.descriptor >= 0 && rootDescriptor >= 0
                ? linkat(source.folder.descriptor, source.file, rootDescriptor, path, 0) : link(stored, file)
            if linked == 0 { return }
        }
        let result = beckon_copy_file(stored, file, artifact.byteCount)
        guard result == 0 else {
            let code = errno
            throw OutputFileError(
                shown: path,
                reason: code == ESTALE
                    ? "its stored copy `\(source.file)` changed while the build ran" : String(cString: strerror(code)))
        }
    }

    /// Makes the folder `file` goes in, the first time one of its files is written.
    private func makeParent(of file: String) throws {
        guard let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        let parent = String(file[..<slash])
        guard lock.withLock({ _ in !folders.contains(parent) }) else { return }
        try makeFolder(parent)
    }

    /// Makes a folder and those it is in that are missing, as `mkdir -p` does (the umask
    /// applied): its parent first when this build has not made it yet (a `mkdir` whose parent is
    /// missing fails, and would be asked again), so each folder costs one call (FileManager's
    /// `createDirectory` looks at every folder on the way).
    private func makeFolder(_ path: String) throws {
        if lock.withLock({ _ in folders.contains(path) }) { return }
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")),
            path.utf8.distance(from: path.utf8.startIndex, to: slash) > root.utf8.count
        {
            let parent = String(path[..<slash])
            if lock.withLock({ _ in !folders.contains(parent) }) { try makeFolder(parent) }
        }
        // Below the staging folder (which is there), named from it; the folder itself by its path.
        let made =
            path.utf8.count > root.utf8.count
            ? named(String(Substring(path.utf8.dropFirst(root.utf8.count + 1)))) { mkdirat($0, $1, 0o777) }
            : mkdir(path, 0o777)
        if made != 0 {
            var code = errno
            // Another thread made it meanwhile, or something else is in the way (a file another
            // artifact's path names): that is this folder's error, not each of its files'.
            if code == EEXIST { code = Self.isFolder(path) ? 0 : ENOTDIR }
            if code == ENOTDIR { throw OutputFileError(shown: Self.shown(blocker(of: path), below: root), code: code) }
            if code != 0 { throw OutputFileError(shown: Self.shown(path, below: root), code: code) }
        }
        lock.withLock { _ in _ = folders.insert(path) }
    }

    /// Calls `call` with a folder and a path naming `path` below the staging folder: the open
    /// folder and `path` itself when there is one, so the kernel walks only the part below it,
    /// else the working directory (`AT_FDCWD`) and the whole path.
    private func named<Result>(_ path: String, _ call: (Int32, String) -> Result) -> Result {
        rootDescriptor >= 0 && path.utf8.first != UInt8(ascii: "/")
            ? call(rootDescriptor, path) : call(AT_FDCWD, root + "/" + path)
    }

    /// Whether a folder (not a symbolic link to one) is at `path`.
    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The first of `path` and the folders it is in, below the staging folder, that is there and
    /// not a folder: what stands where a folder should be made.
    private func blocker(of path: String) -> String {
        var prefix = root
        for part in path.dropFirst(root.count).split(separator: "/") {
            prefix += "/" + part
            var status = stat()
            if lstat(prefix, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { return prefix }
        }
        return path
    }

    /// A path below the folder as the output will hold it.
    private static func shown(_ path: String, below root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// Fails unless the file a streamed artifact was written to is still there with all its bytes.
    func checkWritten(_ artifact: Artifact) throws {
        var status = stat()
        guard named(artifact.path, { fstatat($0, $1, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw OutputFileError(shown: artifact.path, code: errno)
        }
        guard status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == artifact.byteCount else {
            throw OutputFileError(
                shown: artifact.path, reason: "it was changed in the staging folder while the build ran")
        }
    }

    /// Waits until everything written to the folder is on the disk: one sync of the file system,
    /// so a crash after the exchange leaves the old output or the new one, never part of it.
    func sync() throws {
        guard beckon_sync_file_system(url.path) == 0 else {
            throw OutputFileError(shown: "the new output (syncing it to disk)", code: errno)
        }
    }

    /// Removes the folder and what was written to it.
    func discard() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A system call that failed on one file of the output, named as the output shows it.
struct OutputFileError: LocalizedError {
    let shown: String
    let reason: String

    init(shown: String, code: Int32) {
        self.init(shown: shown, reason: String(cString: strerror(code)))
    }

    init(shown: String, reason: String) {
        self.shown = shown
        self.reason = reason
    }

    var errorDescription: String? { "\(shown): \(reason)" }
}
