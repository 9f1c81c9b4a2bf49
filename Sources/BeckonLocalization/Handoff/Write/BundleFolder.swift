import BeckonDiagnostics
import Foundation

/// The folder the bundles live in (`locales/`), with the few file operations writing them needs,
/// each on names inside the folder only.
struct BundleFolder {
    /// The folder's path relative to the site root.
    static let path = "locales"

    let url: URL

    init(siteRoot: URL) {
        url = siteRoot.appendingPathComponent(Self.path, isDirectory: true)
    }

    var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The site-relative path of a name in the folder, for messages.
    func relative(_ name: String) -> String {
        name.isEmpty ? Self.path + "/" : "\(Self.path)/\(name)"
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// An exclusive lock on the folder, held until the returned value is released, so two imports
    /// (or an import and a recovery) never write the same folder at once. `nil` when the folder
    /// cannot be opened; the write then goes ahead unlocked.
    func lock() -> FolderLock? {
        FolderLock(path: url.path)
    }

    /// Whether a name is a regular file (not a link, folder or device).
    func isRegularFile(_ name: String) -> Bool {
        var status = stat()
        return lstat(path(name), &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The contents of a small regular file, or `nil`.
    func contents(of name: String) -> Data? {
        guard isRegularFile(name) else { return nil }
        return FileManager.default.contents(atPath: path(name))
    }

    /// The names in the folder.
    func names() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    }

    func remove(_ name: String) {
        unlink(path(name))
    }

    /// Replaces `target` with `temporary` in one step.
    func rename(_ temporary: String, over target: String) throws(Diagnostic) {
        guard Foundation.rename(path(temporary), path(target)) == 0 else {
            throw failure(
                "`\(relative(target))` could not be replaced: \(String(cString: strerror(errno)))",
                fix: "Fix the problem (permissions, disk space) and run the import again; it finishes the write.")
        }
    }

    /// Flushes the folder's entries (creations, renames, removals) to disk.
    func synchronize() {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// A `handoff.write` error about the folder.
    func failure(_ message: String, fix: String) -> Diagnostic {
        .error(HandoffRule.write, message, at: SourceLocation(file: relative(BundleJournal.fileName)), fix: fix)
    }
}

/// An exclusive `flock` on a folder, released when the value is.
final class FolderLock {
    private let descriptor: Int32

    init?(path: String) {
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    deinit {
        close(descriptor)
    }
}
