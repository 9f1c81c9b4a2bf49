import Foundation
import Synchronization

/// A throwaway Postfix (Debian's package) for the delivery tests, as `scripts/postfix-relay.sh`
/// configures and runs it: in a temporary folder, on a free loopback port, every recipient
/// delivered to one Maildir, in the foreground (its log in `postfix.log`). A watchdog stops it and
/// removes the folder once the test process has exited, however it exited.
public final class PostfixRelay: Sendable {
    public let port: Int
    public let folder: URL
    /// Postfix in the foreground, until it is stopped and reaped (`nil` then): a child left to
    /// exit unreaped would stall Swift Testing's exit tests, whose monitor waits on every child.
    private let foreground: Mutex<pid_t?>

    /// Where delivered messages land, one file each.
    public var maildir: URL { folder.appendingPathComponent("mail/maildir/new") }
    /// Postfix's log.
    public var log: URL { folder.appendingPathComponent("postfix.log") }

    /// Starts a relay; throws with Postfix's log when it does not answer within 20 seconds.
    public init() throws {
        folder = URL(fileURLWithPath: "/tmp/beckon-postfix-\(UUID().uuidString)")
        guard let port = LoopbackHTTP.freePort() else { throw PostfixError("no free port") }
        self.port = port
        let config = folder.appendingPathComponent("etc")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = Repository.root.appendingPathComponent("scripts/postfix-relay.sh").path
        let logPath = folder.appendingPathComponent("postfix.log").path
        guard let pid = ChildProcess.spawn(["/bin/bash", script, folder.path, String(port)], output: logPath) else {
            throw PostfixError("postfix did not start")
        }
        foreground = Mutex(pid)
        let stop = "/usr/sbin/postfix -c '\(config.path)' stop"
        _ = ChildProcess.spawn(
            [
                "/bin/sh", "-c",
                "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop); sleep 1; rm -rf '\(folder.path)'",
            ], output: "/dev/null")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if LoopbackHTTP.isListening(port: port) { return }
            usleep(50_000)
        }
        let problem = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        self.stop()
        throw PostfixError("postfix did not listen: \(problem)")
    }

    /// The delivered messages' bytes, oldest first.
    public func messages() -> [Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: maildir.path)) ?? []
        return names.sorted().compactMap {
            FileManager.default.contents(atPath: maildir.appendingPathComponent($0).path)
        }
    }

    /// Waits until at least `count` messages are in the Maildir, or `timeout` passed.
    public func waitForMessages(_ count: Int, timeout: TimeInterval = 20) async -> [Data] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found = messages()
            if found.count >= count { return found }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return messages()
    }

    /// Stops Postfix and reaps its foreground process (the watchdog removes the folder when the
    /// test process ends). Stopping twice does nothing more.
    public func stop() {
        let taken = foreground.withLock { pid in
            let taken = pid
            pid = nil
            return taken
        }
        guard let pid = taken else { return }
        let config = folder.appendingPathComponent("etc").path
        if let stopping = ChildProcess.spawn(["/usr/sbin/postfix", "-c", config, "stop"], output: "/dev/null") {
            _ = ChildProcess.wait(stopping)
        }
        // Postfix's master leaves within moments of `stop`; one that does not is killed. The pid
        // is waited on until it is reaped, never after (another child could have its number then).
        var status: Int32 = 0
        for _ in 0..<200 {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped == -1 && errno != EINTR) { return }
            usleep(50_000)
        }
        kill(pid, SIGKILL)
        _ = ChildProcess.wait(pid)
    }

    deinit { stop() }
}

/// Why the relay could not be started.
public struct PostfixError: Error, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
