import BeckonTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `beckon preview` on a free loopback port.
final class RunningPreview {
    let process = Process()
    let port: Int
    let output = Pipe()

    init(site: URL) throws {
        process.executableURL = BeckonBinary.url
        process.arguments = ["preview", "--site", site.path, "--port", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["BECKON_LINK_KEY"] = BeckonBinary.testLinkKey
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line names the URL once the server listens.
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
            throw PreviewTestError.noURL(line)
        }
        self.port = port
    }

    /// Ctrl-C, and how the process ended.
    func interrupt() -> Int32 {
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            return -1
        }
        return process.terminationStatus
    }
}

enum PreviewTestError: Error {
    case noURL(String)
}
