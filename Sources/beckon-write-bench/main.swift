import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// What writing a finished output costs the kernel alone, with no rendering and no checks: every
// file of OUTPUT is read into memory, then written into an empty folder beside it, on one thread
// and then on every core. A build that writes the same files can be no faster than the second
// figure. `scripts/bench.py` runs it on Beckon's outputs (see docs/benchmarks.md):
// `beckon-write-bench OUTPUT [RUNS]`.

let arguments = CommandLine.arguments.dropFirst()

/// Says what went wrong on standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("beckon-write-bench: \(message)\n".utf8))
    exit(status)
}

guard let source = arguments.first.map({ $0.hasSuffix("/") ? String($0.dropLast()) : $0 }) else {
    fail("usage: beckon-write-bench OUTPUT [RUNS]", status: 2)
}
let runs = max(1, arguments.dropFirst().first.flatMap(Int.init) ?? 3)

/// A folder's contents in the order a walk meets them: folders before what they hold.
struct Tree {
    var folders: [String] = []
    var files: [(path: String, bytes: [UInt8])] = []

    var byteCount: Int { files.reduce(0) { $0 + $1.bytes.count } }

    /// Reads `root` into memory; paths are relative to it.
    init(reading root: String) {
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: root) else { return }
        for case let path as String in walker {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                folders.append(path)
            } else if let data = manager.contents(atPath: root + "/" + path) {
                files.append((path, [UInt8](data)))
            }
        }
    }

    /// Creates the folders under `root`, then writes the files in `threads` contiguous shares (the
    /// files of one folder mostly go to one thread). Returns the wall seconds.
    func write(into root: String, threads: Int) -> Double {
        let start = DispatchTime.now()
        mkdir(root, 0o755)
        for folder in folders { mkdir(root + "/" + folder, 0o755) }
        let share = (files.count + threads - 1) / threads
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in (thread * share)..<min(files.count, (thread + 1) * share) {
                Self.write(files[index].bytes, to: root + "/" + files[index].path)
            }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    private static func write(_ bytes: [UInt8], to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { fail("cannot create \(path): \(String(cString: strerror(errno)))") }
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                guard result > 0 else { fail("cannot write \(path): \(String(cString: strerror(errno)))") }
                written += result
            }
        }
        close(descriptor)
    }
}

let tree = Tree(reading: source)
guard !tree.files.isEmpty else { fail("no files in \(source)") }
let scratch = source + ".write-bench"
let cores = ProcessInfo.processInfo.activeProcessorCount

/// The median of `runs` writes into an empty scratch folder.
func median(threads: Int) -> Double {
    let times = (0..<runs).map { _ in
        try? FileManager.default.removeItem(atPath: scratch)
        return tree.write(into: scratch, threads: threads)
    }
    try? FileManager.default.removeItem(atPath: scratch)
    return times.sorted()[times.count / 2]
}

let one = median(threads: 1)
let every = median(threads: cores)
print("\(tree.files.count) files in \(tree.folders.count) folders, \(tree.byteCount) bytes")
print(String(format: "one thread: %.3f s", one))
print(String(format: "on every core (%d): %.3f s", cores, every))
