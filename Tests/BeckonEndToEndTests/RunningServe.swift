import BeckonTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `beckon serve` on a free loopback port, with the test link key and an API token.
final class RunningServe {
    static let token = "test-api-token-0123456789"

    let process = Process()
    let port: Int
    let output = Pipe()

    init(site: URL, database: URL, arguments: [String] = []) throws {
        process.executableURL = BeckonBinary.url
        process.arguments = ["serve", "--site", site.path, "--port", "0", "--database", database.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["BECKON_LINK_KEY"] = BeckonBinary.testLinkKey
        environment["BECKON_API_TOKEN"] = Self.token
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
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
            throw ServeTestError.noURL(line)
        }
        self.port = port
    }

    /// A request with the API token, a JSON body and extra header lines.
    func api(_ method: String, _ path: String, body: String? = nil, headers: [String] = []) throws -> LoopbackHTTP.Reply
    {
        let bytes = body.map { Array($0.utf8) } ?? []
        return try raw(method, path, body: bytes, headers: ["Authorization: Bearer \(Self.token)"] + headers)
    }

    /// A request as it is, body bytes and all.
    func raw(_ method: String, _ path: String, body: [UInt8] = [], headers: [String] = []) throws -> LoopbackHTTP.Reply
    {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        if !body.isEmpty || method == "POST" {
            head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
        }
        return try LoopbackHTTP.raw(port: port, bytes: Array((head + "\r\n").utf8) + body)
    }

    /// SIGTERM, and how the process ended.
    func stop() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            return -1
        }
        return process.terminationStatus
    }
}

enum ServeTestError: Error {
    case noURL(String)
}
