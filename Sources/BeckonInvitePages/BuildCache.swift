import BeckonDiagnostics
import BeckonEngine
import BeckonRender
import Foundation

/// The on-disk cache of `--cache DIR`: step results a later `beckon build` or `check` of the same
/// site reuses. Results are keyed by what each step read and salted with the identity of the
/// running `beckon` binary, so a new Beckon never reads an older one's results.
public enum BuildCache {
    /// An engine that keeps its results in `folder` too; a plain engine, with a warning, when the
    /// folder cannot be used.
    /// - Parameter forOneRun: The engine serves one run (`Engine.init(cache:budget:forOneRun:)`):
    ///   without a cache, its results keep no record of what they read.
    public static func engine(folder: URL?, forOneRun: Bool = false) -> (Engine, Diagnostic?) {
        guard let folder else { return (Engine(forOneRun: forOneRun), nil) }
        do {
            let cache = try StepCache(folder: folder, salt: salt)
            cache.codingUserInfo[Artifact.byteStoreKey] = CacheByteStore(cache: cache)
            return (Engine(cache: cache), nil)
        } catch {
            return (
                Engine(forOneRun: forOneRun),
                .warning(
                    "build.cache", "the cache folder `\(folder.path)` cannot be used: \(error.localizedDescription)",
                    at: nil, fix: "Pass a writable folder with `--cache DIR`; this run builds without a cache.")
            )
        }
    }

    /// Notes on what the cache could not reuse since the engine was made: records of another
    /// format, set aside when it was opened, and records that did not read back (cut short,
    /// changed, or their stored bytes gone or edited through an output folder's link). Their results were made again; nothing else changes.
    public static func notes(_ engine: Engine) -> [Diagnostic] {
        guard let cache = engine.cache else { return [] }
        var notes: [Diagnostic] = []
        if let format = cache.replacedFormat {
            notes.append(
                Diagnostic(
                    .note, "build.cache",
                    "the cache `\(cache.folder.path)` held records in another format (\(format)); they were set aside and this build made its results again",
                    at: nil, fix: "Nothing to do: the next build with this cache reuses what this one kept."))
        }
        let unreadable = cache.unreadableRecords
        if unreadable > 0 {
            notes.append(
                Diagnostic(
                    .note, "build.cache",
                    "\(unreadable) \(unreadable == 1 ? "record" : "records") of the cache `\(cache.folder.path)` did not read back (cut short, changed, or their stored files gone or edited); \(unreadable == 1 ? "its result was" : "their results were") made again",
                    at: nil,
                    fix:
                        "Nothing to do unless it recurs: then something edits files in the output folder in place (they are links to the cache's stored files) or changes the cache folder; write edited files anew (or to a copy of the output), or delete the cache to start afresh."
                ))
        }
        return notes
    }

    /// A cache in `folder` whose records are sealed with `sealer` and held within `budget` bytes,
    /// for results that hold personal data (a server's per-invite pages and cards), written in the
    /// background; `nil`, with a warning, when the folder cannot be used.
    public static func sealed(folder: URL, sealer: RecordSealer, budget: Int) -> (StepCache?, Diagnostic?) {
        do {
            let cache = try StepCache(
                folder: folder, salt: salt, sealer: sealer, budget: budget, writesInBackground: true)
            return (cache, nil)
        } catch {
            return (
                nil,
                .warning(
                    "build.cache", "the cache folder `\(folder.path)` cannot be used: \(error.localizedDescription)",
                    at: nil,
                    fix: "Pass a writable folder with `--cache DIR`; invites' pages and cards are kept in memory only.")
            )
        }
    }

    /// What makes this `beckon` binary's results its own: its size, modification time and inode.
    static let salt: String = {
        // `/proc/self/exe` is a link made when the process starts: read the file it points at.
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? ""
        let attributes = try? FileManager.default.attributesOfItem(atPath: executable)
        let size = attributes?[.size] as? Int ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let inode = attributes?[.systemFileNumber] as? Int ?? 0
        return "beckon-cache-1:\(size):\(modified):\(inode)"
    }()
}

/// Keeps artifact bytes in the step cache's blob store, once per content.
final class CacheByteStore: ArtifactByteStore {
    /// The cache whose `codingUserInfo` holds this store (so not retained again).
    unowned let cache: StepCache
    /// The blob folder, as the artifacts read back from the cache see it.
    private let blobs: ArtifactFolder

    init(cache: StepCache) {
        self.cache = cache
        blobs = ArtifactFolder(path: cache.blobFolder, linkable: true)
    }

    func file(_ reference: String, count: Int) -> (folder: ArtifactFolder, file: String)? {
        cache.blobFile(reference, count: count).map { (blobs, $0) }
    }

    func storeBytes(_ bytes: [UInt8]) -> String {
        cache.storeBlob(bytes)
    }
}
