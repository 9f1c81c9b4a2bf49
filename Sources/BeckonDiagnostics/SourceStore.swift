import Foundation

/// The source files read during a run, kept so printers can quote the lines a diagnostic points at.
public final class SourceStore: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: SourceText] = [:]

    public init() {}

    /// Remembers a file's text under its display path.
    public func add(_ source: SourceText) {
        lock.withLock { files[source.path] = source }
    }

    /// The text stored for a display path.
    public func source(for path: String) -> SourceText? {
        lock.withLock { files[path] }
    }
}
