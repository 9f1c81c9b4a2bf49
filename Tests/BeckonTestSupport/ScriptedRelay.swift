import Foundation

/// `scripts/smtp-relay.py` (aiosmtpd), a scripted SMTP relay, run for one test in a folder of its own and stopped when released.
public final class ScriptedRelay {
    /// The relay's folder: its messages (`N.eml`, `N.json`) and state files are in `mail/`.
    public let folder = TemporaryDirectory()
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let process = Process()

    /// Why the relay did not start.
    public struct NotStarted: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts the relay with `script` (one entry a message) and the script's other `options`.
    public init(script: [[String: String]] = [], options: [String] = []) throws {
        let scriptFile = folder.path("script.json")
        try JSONSerialization.data(withJSONObject: script).write(to: scriptFile)
        let log = folder.path("relay.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = TestTool.program("python3")
        process.arguments =
            [
                Repository.root.appendingPathComponent("scripts/smtp-relay.py").path, "--port", "0",
                "--maildir", folder.path("mail").path, "--script", scriptFile.path,
            ] + options
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { break }
            line.append(more)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.waitUntilExit()
            throw NotStarted(description: (try? String(contentsOf: log, encoding: .utf8)) ?? "no port printed")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// The accepted messages' numbers, in order.
    public var messages: [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("mail").path)) ?? []
        return names.filter { $0.hasSuffix(".eml") }.compactMap { Int($0.dropLast(4)) }.sorted()
    }

    /// Message `number`'s DATA bytes, as the relay read them.
    public func message(_ number: Int) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: folder.path("mail/\(number).eml")))) ?? []
    }

    /// Message `number`'s envelope and session: `from`, `to`, `tls`, `user`.
    public func envelope(_ number: Int) -> [String: Any] {
        let data = (try? Data(contentsOf: folder.path("mail/\(number).json"))) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// How many connections the relay has taken.
    public var connections: Int { Int(state("connections")) ?? 0 }

    /// Stops accepting connections and closes the open ones (`up: false`), or listens again, and
    /// waits until the relay has done it.
    public func set(up: Bool) {
        kill(process.processIdentifier, up ? SIGUSR2 : SIGUSR1)
        let deadline = Date().addingTimeInterval(5)
        while state("listening") != (up ? "1" : "0") && Date() < deadline { usleep(10_000) }
    }

    /// Stops the relay and waits for its end, leaving its port closed.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    private func state(_ name: String) -> String {
        (try? String(contentsOf: folder.path("mail/\(name)"), encoding: .utf8)) ?? ""
    }
}
