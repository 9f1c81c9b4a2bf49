import Foundation

/// SciPy, run by python3, as the reference the statistics are checked against.
public enum SciPy {
    /// Whether python3 is installed and imports `scipy.stats` (worked out once per process).
    public static let isAvailable: Bool = {
        guard let python = TestTool.program("python3") else { return false }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import scipy.stats"]
        return (try? CapturedRun.run(process).status) == 0
    }()

    /// What `script` prints on standard output, run by `python3 -c` with `arguments`; throws
    /// with its standard error when it fails.
    public static func run(_ script: String, arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = TestTool.program("python3")
        process.arguments = ["-c", script] + arguments
        let (status, output, errors) = try CapturedRun.run(process)
        guard status == 0 else { throw Failure(message: String(decoding: errors, as: UTF8.self)) }
        return output
    }

    /// A script that failed, with what it said.
    public struct Failure: Error, CustomStringConvertible {
        let message: String
        public var description: String { "python3 failed: \(message)" }
    }
}
