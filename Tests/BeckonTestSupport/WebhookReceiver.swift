import Foundation

/// `scripts/webhook-receiver.py`, a scripted webhook endpoint, run for one test in a folder of its
/// own and stopped when released.
public final class WebhookReceiver {
    public let folder = TemporaryDirectory()
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let process = Process()

    /// One request as it arrived.
    public struct Request: Sendable {
        public var headers: [String: String]
        public var body: String
        /// When the receiver read it, by its clock: what a receiver checks a timestamp against.
        public var receivedAt: Date
    }

    /// Starts the endpoint with `script` (one entry a request: `["status": 500]`, `["delay": 2]`).
    public init(script: [[String: Int]] = []) throws {
        let scriptFile = folder.path("script.json")
        try JSONSerialization.data(withJSONObject: script).write(to: scriptFile)
        process.executableURL = TestTool.program("python3")
        process.arguments = [
            Repository.root.appendingPathComponent("scripts/webhook-receiver.py").path, "--port", "0", "--dir",
            folder.path("requests").path, "--script", scriptFile.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { break }
            line.append(more)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw ScriptedRelay.NotStarted(description: "the webhook receiver printed no port") }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// The requests so far, in the order they arrived.
    public var requests: [Request] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("requests").path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.compactMap { Int($0.dropLast(5)) }.sorted().compactMap {
            guard let data = try? Data(contentsOf: folder.path("requests/\($0).json")),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let headers = object["headers"] as? [String: String], let body = object["body"] as? String,
                let receivedAt = object["receivedAt"] as? Double
            else { return nil }
            return Request(headers: headers, body: body, receivedAt: Date(timeIntervalSince1970: receivedAt))
        }
    }

    /// Waits until `count` requests arrived, or `timeout` passed.
    public func waitForRequests(_ count: Int, timeout: TimeInterval = 20) async -> [Request] {
        let deadline = Date().addingTimeInterval(timeout)
        while requests.count < count, Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        return requests
    }
}
