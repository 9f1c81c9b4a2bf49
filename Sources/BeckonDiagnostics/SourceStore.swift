import Foundation

/// The source files read during a run, kept so printers can quote the lines a diagnostic points at.
public final class SourceStore: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: SourceText] = [:]
    private var personal: Set<String> = []

    public init() {}

    /// Remembers a file's text under its display path.
    public func add(_ source: SourceText) {
        lock.withLock { files[source.path] = source }
    }

    /// Remembers a file that holds a person's data (an invite file): diagnostics point at its lines
    /// but never quote them.
    public func addPersonal(_ source: SourceText) {
        lock.withLock {
            files[source.path] = source
            personal.insert(source.path)
        }
    }

    /// Whether a file holds a person's data and may not be quoted.
    public func isPersonal(_ path: String) -> Bool {
        lock.withLock { personal.contains(path) }
    }

    /// The text stored for a display path.
    public func source(for path: String) -> SourceText? {
        lock.withLock { files[path] }
    }
}
