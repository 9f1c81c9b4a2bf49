import BeckonTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `beckon` running a server on a free loopback port (`--port 0`), once it printed its URL.
final class RunningBeckon {
    let process = Process()
    let port: Int
    let output = Pipe()
    /// Standard error, kept in a file so that a process that stops early can say why.
    private let errors = TemporaryDirectory()

    /// Starts `beckon ARGUMENTS` with the test link key and `environment` added to this process's,
    /// and waits (at most a minute) for the line naming `http://127.0.0.1:PORT`. With a
    /// `launcher` (`["/usr/bin/prlimit", "--nofile=200"]`), that program runs `beckon` in its place.
    init(_ arguments: [String], environment extra: [String: String] = [:], launcher: [String] = []) throws {
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [BeckonBinary.url.path] + arguments
        } else {
            process.executableURL = BeckonBinary.url
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["BECKON_LINK_KEY"] = BeckonBinary.testLinkKey
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = output
        FileManager.default.createFile(atPath: errors.path("stderr").path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors.path("stderr"))
        try process.run()
        var line = ""
        let reader = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(60)
        while !line.contains("\n"), Date() < deadline {
            let data = reader.availableData
            if data.isEmpty { break }
            line += String(decoding: data, as: UTF8.self)
        }
        guard let range = line.range(of: "http://127.0.0.1:"),
            let port = Int(line[range.upperBound...].prefix { $0.isNumber })
        else {
            process.terminate()
            process.waitUntilExit()
            let said = (try? String(contentsOf: errors.path("stderr"), encoding: .utf8)) ?? ""
            throw RunningBeckonError.noURL(line + said)
        }
        self.port = port
    }

    /// What the process wrote to standard error so far.
    var standardError: String {
        (try? String(contentsOf: errors.path("stderr"), encoding: .utf8)) ?? ""
    }

    /// Waits (at most `timeout` seconds) until standard error contains `text`; returns all of it.
    func waitForStandardError(containing text: String, timeout: TimeInterval = 30) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while !standardError.contains(text), Date() < deadline { usleep(50_000) }
        return standardError
    }

    /// Sends `signal` and returns how the process ended (-1 when it had to be killed after 15 s).
    func stop(with signal: Int32) -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            return -1
        }
        return process.terminationStatus
    }
}

enum RunningBeckonError: Error {
    case noURL(String)
}
