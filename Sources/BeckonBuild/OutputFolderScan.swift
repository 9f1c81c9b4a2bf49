import BeckonRender
import Foundation

/// The files under an output folder, each read with one `fstatat` from its open folder: what the
/// up-to-date check compares with a build's manifest. The folders at the top (a build's locales)
/// are scanned on every core; Foundation's listings and per-file attribute dictionaries would cost
/// a build of twenty thousand files more than writing them again.
struct OutputFolderScan {
    /// A file's size and when it was last modified.
    struct File: Sendable {
        var size: Int
        var modified: timespec
    }

    /// Every regular file and link, by its path relative to the folder (`de-DE/invite/index.html`).
    let files: [String: File]

    /// Scans `root`; `nil` when a folder under it cannot be read.
    init?(_ root: URL) {
        var files: [String: File] = [:]
        guard let top = Self.list(root.path, relative: "", into: &files) else { return nil }
        let path = root.path
        for nested in top.parallelMap({ Self.scan(path, below: $0) }) {
            guard let nested else { return nil }
            files.merge(nested) { $1 }
        }
        self.files = files
    }

    /// Every file below the folder `relative` of `root`, folder by folder.
    private static func scan(_ root: String, below relative: String) -> [String: File]? {
        var files: [String: File] = [:]
        var folders = [relative]
        while let folder = folders.popLast() {
            guard let listed = list(root + "/" + folder, relative: folder, into: &files) else { return nil }
            folders += listed
        }
        return files
    }

    /// Adds the files in one folder to `files` and returns its folders, by their paths relative
    /// to the root.
    private static func list(_ absolute: String, relative: String, into files: inout [String: File]) -> [String]? {
        guard let directory = opendir(absolute) else { return nil }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            if status.st_mode & S_IFMT == S_IFDIR {
                folders.append(path)
            } else {
                files[path] = File(size: Int(status.st_size), modified: status.st_mtim)
            }
        }
        return folders
    }

    /// Whether `time` is at or before `limit`.
    static func isAtOrBefore(_ time: timespec, _ limit: timespec) -> Bool {
        time.tv_sec < limit.tv_sec || (time.tv_sec == limit.tv_sec && time.tv_nsec <= limit.tv_nsec)
    }
}
