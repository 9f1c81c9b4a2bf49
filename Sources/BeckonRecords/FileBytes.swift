import Foundation

/// Whole files read with POSIX calls straight into byte arrays, without Foundation's `Data` and
/// its copy in between (a cached build reads thousands of records, linting thousands of pages).
public enum FileBytes {
    /// The bytes of the regular file at `path`, or `nil` when it is no regular file or cannot be
    /// read whole.
    public static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return read(descriptor, count: Int(status.st_size))
    }

    /// Exactly `count` bytes read from the file at `path`, or `nil`.
    public static func read(_ path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor, count: count)
    }

    /// Exactly `count` bytes from an open file, or `nil` when it holds fewer.
    public static func read(_ descriptor: Int32, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count, let base = buffer.baseAddress {
                let got = Foundation.read(descriptor, base + done, count - done)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                done += got
            }
            initialized = done
            complete = done == count
        }
        return complete ? bytes : nil
    }
}
