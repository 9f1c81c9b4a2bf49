import Foundation

/// Reads a file only when it really is inside a folder: its path with every symbolic link
/// resolved must still be in the folder (resolved the same way), and it must be a regular file
/// (a FIFO or a device would block or never end).
enum ContainedFile {
    /// The bytes of `relativePath` in `folder`, or `nil` when it is missing, not a regular file,
    /// or outside the folder once links are followed.
    static func contents(_ relativePath: String, in folder: URL) -> Data? {
        guard let root = resolved(folder.path),
            let file = resolved(folder.appendingPathComponent(relativePath).path),
            file.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        else { return nil }
        var status = stat()
        guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileManager.default.contents(atPath: file)
    }

    /// The canonical path of an existing file or folder, with every link followed.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
