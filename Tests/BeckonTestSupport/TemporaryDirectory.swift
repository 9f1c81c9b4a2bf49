import Foundation

/// A folder under the system's temporary directory, removed when the value is released.
///
/// A folder a `static let` keeps (a site built once for a suite) is never released, so it outlives
/// its test process. The folder's name carries the process's ID, and the first folder a test
/// process makes removes those whose process has ended: a run leaves at most its own behind, and
/// nothing runs while the process exits. Process IDs are those of this machine's (or container's)
/// process namespace: test processes of two namespaces must not share a temporary folder.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() {
        _ = Self.leftoversRemoved
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(Self.prefix)\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder.
    public func path(_ relative: String) -> URL {
        url.appendingPathComponent(relative)
    }

    private static let prefix = "beckon-tests-"

    /// Removes, once per process, the folders of test processes that have ended.
    private static let leftoversRemoved: Void = removeLeftovers(in: FileManager.default.temporaryDirectory)

    /// Removes the folders in `parent` that test processes made and that have ended; keeps the
    /// rest, this process's folders and every folder not named as these are.
    public static func removeLeftovers(in parent: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            guard let owner = owner(ofFolderNamed: name), owner != getpid(), !isRunning(owner) else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// The ID of the process that made the folder named `name`, if the name is one of these
    /// folders': the prefix, a process ID, `-` and a UUID. (A name of the older form, the prefix
    /// and a UUID alone, names no process, even when the UUID starts with digits.)
    private static func owner(ofFolderNamed name: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), UUID(uuidString: String(rest[rest.index(after: dash)...])) != nil
        else { return nil }
        return pid_t(rest[..<dash]).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Whether a process with this ID exists (a process of another user counts as running).
    private static func isRunning(_ process: pid_t) -> Bool {
        kill(process, 0) == 0 || errno != ESRCH
    }
}
