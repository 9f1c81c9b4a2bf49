import Foundation

#if BECKON_LIBFUZZER
    import CFuzzDriver
#endif

// Two entry points, chosen at compile time:
//
// - Built with `-sanitize=fuzzer` and `-DBECKON_LIBFUZZER` (scripts/fuzz.sh), the entry point hands
//   over to libFuzzer's driver, which calls `LLVMFuzzerTestOneInput` with each input. (SwiftPM links
//   an executable's `main` to `beckon_fuzz_main` on Linux, so libFuzzer's own `main` cannot be used:
//   `beckon_fuzz_main` is defined here and calls `LLVMFuzzerRunDriver`.)
// - Built plainly (`swift build` in Fuzz/), `Replay.main` runs the target over the files and
//   folders given as arguments: a crash reproducer or a corpus, without sanitizers.
//
// Either way the target is named by `BECKON_FUZZ_TARGET` (read once) or, for the replayer,
// `--target NAME`.

/// The environment variable that names the target.
let targetVariable = "BECKON_FUZZ_TARGET"

#if BECKON_LIBFUZZER

    /// The target, read once from the environment.
    let selectedTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment[targetVariable] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("beckon-fuzz: set \(targetVariable) to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    /// Checks the target name and builds its fixtures before the first input, so a typo fails at once
    /// and the first execution is not slower than the rest.
    @_cdecl("LLVMFuzzerInitialize")
    public func initialize(
        _ argc: UnsafeMutablePointer<CInt>?,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
    ) -> CInt {
        selectedTarget.prepare()
        return 0
    }

    /// One input. libFuzzer owns the bytes; the target only reads them during the call.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        selectedTarget.run(UnsafeBufferPointer(start: size > 0 ? data : nil, count: size))
        return 0
    }

    /// The executable's entry point (see above).
    @_cdecl("beckon_fuzz_main")
    public func fuzzMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzz(data, size) }
    }

#else

    @main
    enum Replay {
        static let usage = """
            usage: beckon-fuzz [--target NAME] FILE|FOLDER...
                   beckon-fuzz --all CORPUS-FOLDER          (every target over CORPUS-FOLDER/NAME/)
                   beckon-fuzz --write-handoff-seeds FOLDER (exports of the fuzzing catalog)

            Runs a fuzz target over files, as libFuzzer would, without sanitizers. The target comes
            from --target or \(targetVariable): \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")).
            """

        static func main() {
            var arguments = Array(CommandLine.arguments.dropFirst())
            var target = ProcessInfo.processInfo.environment[targetVariable].flatMap(FuzzTarget.init(rawValue:))
            if arguments.first == "--write-handoff-seeds", arguments.count == 2 {
                HandoffSeeds.write(to: URL(fileURLWithPath: arguments[1]))
                return
            }
            if arguments.first == "--all", arguments.count == 2 {
                var total = 0
                for target in FuzzTarget.allCases {
                    let folder = URL(fileURLWithPath: arguments[1]).appendingPathComponent(target.rawValue).path
                    let count = replay(target, paths: [folder])
                    print("\(target.rawValue): \(count) inputs")
                    total += count
                }
                print("replayed \(total) inputs")
                return
            }
            if arguments.first == "--target", arguments.count >= 2 {
                target = FuzzTarget(rawValue: arguments[1])
                arguments.removeFirst(2)
            }
            guard let target, !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
                FileHandle.standardError.write(Data((usage + "\n").utf8))
                exit(2)
            }
            let count = replay(target, paths: arguments)
            print("\(target.rawValue): replayed \(count) inputs")
        }

        /// Runs the target over every file in `paths` (folders are read one level deep, sorted).
        static func replay(_ target: FuzzTarget, paths: [String]) -> Int {
            target.prepare()
            var files: [String] = []
            for path in paths {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    FileHandle.standardError.write(Data("beckon-fuzz: \(path) does not exist\n".utf8))
                    exit(2)
                }
                if isDirectory.boolValue {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                    files += names.filter { !$0.hasPrefix(".") }.sorted().map { "\(path)/\($0)" }
                } else {
                    files.append(path)
                }
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                let bytes = [UInt8](data)
                bytes.withUnsafeBufferPointer { target.run($0) }
            }
            return files.count
        }
    }

#endif
