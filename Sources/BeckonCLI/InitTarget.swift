import Foundation

/// What `init` checks before it writes into a folder: entries that already exist (a dangling
/// symbolic link counts), and links that would take a write outside the folder.
enum InitTarget {
    /// Whether anything, even a link to nothing, is at `url`.
    static func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }

    /// The first folder on the way from `root` to `relativePath` (a path init will write) that is
    /// a symbolic link resolving outside `root`, as a path relative to `root`; `nil` when every
    /// existing step stays inside.
    static func linkLeaving(_ root: URL, toward relativePath: String) -> String? {
        guard let base = resolved(root.path) else { return nil }
        let inside = base.hasSuffix("/") ? base : base + "/"
        var current = root
        var walked: [String] = []
        for component in relativePath.split(separator: "/").dropLast() {
            current = current.appendingPathComponent(String(component))
            walked.append(String(component))
            var status = stat()
            guard lstat(current.path, &status) == 0 else { return nil }
            guard status.st_mode & S_IFMT == S_IFLNK else { continue }
            guard let target = resolved(current.path), target.hasPrefix(inside) else {
                return walked.joined(separator: "/")
            }
        }
        return nil
    }

    /// An error as a person reads it, without Foundation's domain and code.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let text = strerror(Int32(underlying.code))
        {
            return String(cString: text).lowercased()
        }
        if nsError.domain == NSPOSIXErrorDomain, let text = strerror(Int32(nsError.code)) {
            return String(cString: text).lowercased()
        }
        switch nsError.code {
        case NSFileWriteOutOfSpaceError: return "the disk is full"
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
        case NSFileWriteFileExistsError: return "a file of that name already exists"
        default: return "the file system refused it"
        }
    }

    /// The canonical path, every link followed; `nil` when it does not lead to anything.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
