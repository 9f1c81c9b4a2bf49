import BeckonDiagnostics
import Foundation

/// Reads the file an import is given, refusing anything but a regular file before reading a byte.
///
/// The file is opened without blocking (`O_NONBLOCK`), so a FIFO without a writer or a device
/// cannot stall the import, and `fstat` on the open descriptor decides: a FIFO, socket, device or
/// folder is refused at once. At most `limit + 1` bytes are read, so an endless or huge file
/// costs no more than the limit.
public enum HandoffFileReader {
    /// The file's bytes (up to `limit + 1`, so that a caller can tell it is too large), or a
    /// diagnostic located at the file.
    /// - Parameters:
    ///   - path: The path as the user wrote it; also the name diagnostics use.
    ///   - limit: The largest size the caller accepts.
    public static func read(_ path: String, limit: Int = HandoffImport.sizeLimit) -> Result<[UInt8], Diagnostic> {
        let location = SourceLocation(file: path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let reason = String(cString: strerror(code))
            if code == ENOENT || code == ENOTDIR {
                return .failure(
                    .error("input.missing-file", "`\(path)` does not exist", at: location, fix: "Check the path."))
            }
            return .failure(
                .error(
                    "input.unreadable", "`\(path)` cannot be read: \(reason)", at: location,
                    fix: "Check the file's permissions."))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .failure(
                .error(
                    "input.unreadable", "`\(path)` cannot be read: \(String(cString: strerror(errno)))",
                    at: location, fix: "Check the file's permissions."))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(
                .error(
                    "input.not-a-file", "`\(path)` is \(kind(status.st_mode)); an import reads only regular files",
                    at: location,
                    fix: "Import the translated file itself: save it to disk first, then pass its path."))
        }
        return readAll(descriptor, limit: limit).mapError { error in
            .error(
                "input.unreadable", "`\(path)` cannot be read: \(error.reason)", at: location,
                fix: "Check the file and its disk.")
        }
    }

    /// Up to `limit + 1` bytes of an open regular file.
    private static func readAll(_ descriptor: Int32, limit: Int) -> Result<[UInt8], ReadError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return .success(bytes)
    }

    /// A file type in words, for the refusal.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// Why reading failed, as `strerror` says it.
    private struct ReadError: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
