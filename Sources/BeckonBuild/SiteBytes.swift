import BeckonEngine
import BeckonRecords
import Foundation

/// The fingerprint of every byte a build reads from a site folder before it renders: `beckon.yml`
/// and each entry below `templates/`, `locales/` and `static/`, hidden ones and names that are not
/// UTF-8 included, by its name, its kind and its content (a symbolic link by its target and the
/// content it leads to). Taken without parsing anything, so a build can find the record of an
/// earlier build of the same bytes before it loads the site (`WholeBuildIndex`).
///
/// `nil` when the folder holds something whose bytes do not say what the loader makes of it: a
/// link to a folder, or an entry that cannot be read.
enum SiteBytes {
    /// The files and folders a build reads, relative to the site folder.
    static let inputs = ["beckon.yml", "templates", "locales", "static"]

    static func fingerprint(of site: URL) -> Fingerprint? {
        var builder = FingerprintBuilder("site bytes")
        let root = Array(site.standardizedFileURL.path.utf8)
        for name in inputs {
            builder.add(name)
            guard add(root + [0x2F] + Array(name.utf8), to: &builder) else { return nil }
        }
        return builder.finish()
    }

    /// What an entry is, as it goes into the fingerprint.
    private enum Kind: Int {
        case missing, file, folder, link, brokenLink, other
    }

    /// Adds the entry at `path` (bytes, as names need not be UTF-8): its kind, then a file's
    /// bytes, a folder's entries in byte order of their names, or a link's target and what it
    /// leads to. `false` when that cannot be told.
    private static func add(_ path: [UInt8], to builder: inout FingerprintBuilder) -> Bool {
        let name = (path + [0]).map { CChar(bitPattern: $0) }
        var status = stat()
        guard lstat(name, &status) == 0 else {
            let error = errno
            builder.add(Kind.missing.rawValue)
            return error == ENOENT || error == ENOTDIR
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            builder.add(Kind.file.rawValue)
            guard let bytes = contents(name) else { return false }
            builder.add(bytes)
        case S_IFDIR:
            builder.add(Kind.folder.rawValue)
            guard let names = entries(of: name) else { return false }
            builder.add(names.count)
            for entry in names {
                builder.add(entry)
                guard add(path + [0x2F] + entry, to: &builder) else { return false }
            }
        case S_IFLNK:
            guard let target = linkTarget(name) else { return false }
            var followed = stat()
            guard stat(name, &followed) == 0 else {
                builder.add(Kind.brokenLink.rawValue)
                builder.add(target)
                return true
            }
            // A link to a folder is listed as a file by the loader, which then cannot read it.
            guard followed.st_mode & S_IFMT == S_IFREG, let bytes = contents(name) else { return false }
            builder.add(Kind.link.rawValue)
            builder.add(target)
            builder.add(bytes)
        default:
            // A pipe, socket or device: the loader skips it, and reading it could wait forever.
            builder.add(Kind.other.rawValue)
        }
        return true
    }

    /// The bytes of the regular file a path names (following a link), or `nil`.
    private static func contents(_ name: [CChar]) -> [UInt8]? {
        let descriptor = open(name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileBytes.read(descriptor, count: Int(status.st_size))
    }

    /// The names in a folder but `.` and `..`, as bytes, in byte order; `nil` when it cannot be
    /// listed.
    private static func entries(of folder: [CChar]) -> [[UInt8]]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The target a symbolic link names, as bytes.
    private static func linkTarget(_ name: [CChar]) -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(name, &buffer, buffer.count)
        guard count >= 0, count < buffer.count else { return nil }
        return buffer[..<count].map { UInt8(bitPattern: $0) }
    }
}
