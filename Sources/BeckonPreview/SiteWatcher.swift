import Dispatch
import Foundation
import Glibc

/// Watches a site's inputs for changes with Linux inotify: `beckon.yml` and every folder below
/// `templates/`, `locales/` and `static/` (new folders as they appear; hidden files and editors'
/// swap files are ignored), and the kernel wakes the watcher through a `DispatchSource` — there is
/// no polling loop. Changes that arrive together (an editor's write-then-rename) are reported as
/// one batch after a short quiet period.
public final class SiteWatcher: @unchecked Sendable {
    private let root: URL
    /// The folders below the root that are watched, with everything in them.
    private let folderNames: Set<String>
    /// The files directly in the root that are watched.
    private let fileNames: Set<String>
    private let quietPeriod: DispatchTimeInterval
    private let queue = DispatchQueue(label: "beckon.watcher")
    private let descriptor: Int32
    private var source: (any DispatchSourceRead)?
    private var folders: [Int32: String] = [:]
    private var pending: Set<String> = []
    private var flush: DispatchWorkItem?
    private let continuation: AsyncStream<Set<String>>.Continuation
    /// Batches of changed paths, relative to the site root.
    public let changes: AsyncStream<Set<String>>

    /// Starts watching a site folder's inputs.
    public init(
        root: URL, folders: Set<String> = ["templates", "locales", "static"], files: Set<String> = ["beckon.yml"],
        quietPeriod: DispatchTimeInterval = .milliseconds(8)
    ) throws {
        self.root = root.standardizedFileURL
        self.folderNames = folders
        self.fileNames = files
        self.quietPeriod = quietPeriod
        (changes, continuation) = AsyncStream.makeStream(of: Set<String>.self, bufferingPolicy: .bufferingNewest(8))
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw WatchError(message: "inotify is unavailable (\(String(cString: strerror(errno))))")
        }
        try queue.sync { try watchTree("") }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.drain() }
        source.setCancelHandler { [descriptor] in close(descriptor) }
        self.source = source
        source.resume()
    }

    deinit {
        source?.cancel()
        continuation.finish()
    }

    /// Stops watching and ends `changes`.
    public func stop() {
        queue.sync {
            source?.cancel()
            source = nil
            continuation.finish()
        }
    }

    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_ATTRIB)

    /// Watches a folder and every folder below it.
    private func watchTree(_ relative: String) throws {
        let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
        let watch = inotify_add_watch(descriptor, url.path, Self.mask)
        guard watch >= 0 else {
            if relative.isEmpty {
                throw WatchError(message: "cannot watch \(url.path) (\(String(cString: strerror(errno))))")
            }
            return
        }
        folders[watch] = relative
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for name in entries.sorted() where !name.hasPrefix(".") {
            guard !relative.isEmpty || folderNames.contains(name) else { continue }
            var isDirectory: ObjCBool = false
            let child = relative.isEmpty ? name : "\(relative)/\(name)"
            if FileManager.default.fileExists(
                atPath: root.appendingPathComponent(child).path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                try watchTree(child)
            }
        }
    }

    /// Reads every pending event and schedules a batch.
    private func drain() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let name =
                    event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                handle(event, name: name)
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
        flush?.cancel()
        guard !pending.isEmpty else { return }
        let item = DispatchWorkItem { [weak self] in
            guard let self, !self.pending.isEmpty else { return }
            let batch = self.pending
            self.pending = []
            self.continuation.yield(batch)
        }
        flush = item
        queue.asyncAfter(deadline: .now() + quietPeriod, execute: item)
    }

    private func handle(_ event: inotify_event, name: String) {
        guard let folder = folders[event.wd] else { return }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            folders[event.wd] = nil
            return
        }
        guard !name.hasPrefix(".") else { return }
        if folder.isEmpty, !folderNames.contains(name), !fileNames.contains(name) { return }
        let path = folder.isEmpty ? name : (name.isEmpty ? folder : "\(folder)/\(name)")
        // Editors' swap and backup files are not site files.
        if name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") { return }
        if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            try? watchTree(path)
        }
        pending.insert(path)
    }
}

/// Why a folder cannot be watched.
public struct WatchError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
