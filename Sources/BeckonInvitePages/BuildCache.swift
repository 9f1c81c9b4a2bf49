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
    public static func engine(folder: URL?) -> (Engine, Diagnostic?) {
        guard let folder else { return (Engine(), nil) }
        do {
            let cache = try StepCache(folder: folder, salt: salt)
            cache.codingUserInfo[Artifact.byteStoreKey] = CacheByteStore(cache: cache)
            return (Engine(cache: cache), nil)
        } catch {
            return (
                Engine(),
                .warning(
                    "build.cache", "the cache folder `\(folder.path)` cannot be used: \(error.localizedDescription)",
                    at: nil, fix: "Pass a writable folder with `--cache DIR`; this run builds without a cache.")
            )
        }
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
    let cache: StepCache

    init(cache: StepCache) {
        self.cache = cache
    }

    func storeBytes(_ bytes: [UInt8]) -> String {
        cache.storeBlob(bytes).description
    }

    func loadBytes(_ reference: String) -> [UInt8]? {
        Fingerprint(hex: reference).flatMap { cache.blob($0) }
    }
}
