import Foundation

/// The files under an output folder, each read with one `lstat`: what the up-to-date check
/// compares with a build's manifest. Foundation's per-file attribute dictionaries cost a build of
/// twenty thousand files a second and more; one `lstat` each costs a fraction of that.
struct OutputFolderScan {
    /// A file's size and when it was last modified.
    struct File {
        var size: Int
        var modified: timespec
    }

    /// Every regular file and link, by its path relative to the folder (`de-DE/invite/index.html`).
    let files: [String: File]

    /// Scans `root`; `nil` when a folder under it cannot be read.
    init?(_ root: URL) {
        var files: [String: File] = [:]
        var folders = [""]
        let manager = FileManager.default
        while let folder = folders.popLast() {
            let absolute = folder.isEmpty ? root.path : root.path + "/" + folder
            guard let names = try? manager.contentsOfDirectory(atPath: absolute) else { return nil }
            for name in names {
                let relative = folder.isEmpty ? name : folder + "/" + name
                var status = stat()
                guard lstat(absolute + "/" + name, &status) == 0 else { return nil }
                if status.st_mode & S_IFMT == S_IFDIR {
                    folders.append(relative)
                } else {
                    files[relative] = File(size: Int(status.st_size), modified: status.st_mtim)
                }
            }
        }
        self.files = files
    }

    /// Whether `time` is at or before `limit`.
    static func isAtOrBefore(_ time: timespec, _ limit: timespec) -> Bool {
        time.tv_sec < limit.tv_sec || (time.tv_sec == limit.tv_sec && time.tv_nsec <= limit.tv_nsec)
    }
}
