import Foundation
import Synchronization

/// A folder under the system's temporary directory, removed when the value is released, or when
/// the test process ends for a folder a `static let` keeps (a site built once for a suite).
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        LiveFolders.shared.add(url.path)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
        LiveFolders.shared.remove(url.path)
    }

    /// A path inside the folder.
    public func path(_ relative: String) -> URL {
        url.appendingPathComponent(relative)
    }
}

/// The folders not removed yet, removed when the process exits normally: a value a `static let`
/// holds is never released, and its folder used to stay behind after every test run.
private final class LiveFolders: Sendable {
    static let shared: LiveFolders = {
        atexit { LiveFolders.shared.removeAll() }
        return LiveFolders()
    }()

    private let paths = Mutex<Set<String>>([])

    func add(_ path: String) { paths.withLock { _ = $0.insert(path) } }

    func remove(_ path: String) { paths.withLock { _ = $0.remove(path) } }

    func removeAll() {
        for path in paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
