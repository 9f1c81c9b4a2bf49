import BeckonTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `beckon serve` on a free loopback port, with the test link key and an API token.
final class RunningServe {
    static let token = "test-api-token-0123456789"

    let running: RunningBeckon
    var port: Int { running.port }
    var process: Process { running.process }

    convenience init(
        site: URL, database: URL, arguments: [String] = [], launcher: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        try self.init(
            site: site, database: database.path, arguments: arguments, launcher: launcher, environment: environment)
    }

    /// The server on a database given as `--database` takes it: a SQLite path or a PostgreSQL
    /// URL; `environment` adds to the API token (a token key).
    init(
        site: URL, database: String, arguments: [String] = [], launcher: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        running = try RunningBeckon(
            ["serve", "--site", site.path, "--port", "0", "--database", database] + arguments,
            environment: ["BECKON_API_TOKEN": Self.token].merging(environment) { $1 }, launcher: launcher)
    }

    /// A request with the API token, a JSON body and extra header lines.
    func api(_ method: String, _ path: String, body: String? = nil, headers: [String] = []) throws -> LoopbackHTTP.Reply
    {
        let bytes = body.map { Array($0.utf8) } ?? []
        return try raw(method, path, body: bytes, headers: ["Authorization: Bearer \(Self.token)"] + headers)
    }

    /// A request as it is, body bytes and all; a body is sent as JSON unless `headers` give a
    /// `Content-Type`.
    func raw(_ method: String, _ path: String, body: [UInt8] = [], headers: [String] = []) throws -> LoopbackHTTP.Reply
    {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        if !body.isEmpty || method == "POST" {
            if !headers.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
                head += "Content-Type: application/json\r\n"
            }
            head += "Content-Length: \(body.count)\r\n"
        }
        return try LoopbackHTTP.raw(port: port, bytes: Array((head + "\r\n").utf8) + body)
    }

    /// SIGTERM, and how the process ended.
    func stop() -> Int32 { running.stop(with: SIGTERM) }
}
