import Foundation

/// Runs the built `beckon` executable, as a user or CI would.
public enum BeckonBinary {
    /// What a run printed and how it exited.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The executable next to the test runner (SwiftPM builds both into one folder).
    public static let url: URL = {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [
            runner.deletingLastPathComponent().appendingPathComponent("beckon"),
            runner.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("beckon"),
        ]
        candidates.append(Repository.root.appendingPathComponent(".build/debug/beckon"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()

    /// A link signing secret for tests (32 bytes of hex); never a real key.
    public static let testLinkKey = String(repeating: "0f1e2d3c4b5a6978", count: 4)

    /// The build date tests build with (`SOURCE_DATE_EPOCH`, 2026-01-01T00:00:00Z), so builds
    /// compared with each other or with golden files are the same whatever the day.
    public static let sourceDateEpoch = "1767225600"

    /// Runs `beckon` with arguments in a folder, with `CI` set so no progress line is drawn,
    /// `SOURCE_DATE_EPOCH` set to `sourceDateEpoch`, and extra environment variables (an empty
    /// `SOURCE_DATE_EPOCH` among them runs without one, dating samples from today).
    public static func run(
        _ arguments: [String], in directory: URL = Repository.root, environment extra: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "1"
        environment["NO_COLOR"] = "1"
        environment["BECKON_LINK_KEY"] = nil
        environment["BECKON_LINK_KEYS"] = nil
        environment["SOURCE_DATE_EPOCH"] = sourceDateEpoch
        environment.merge(extra) { $1 }
        if environment["SOURCE_DATE_EPOCH"] == "" { environment["SOURCE_DATE_EPOCH"] = nil }
        process.environment = environment
        let (status, out, err) = try CapturedRun.run(process)
        return Run(
            status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
