import BeckonBuild
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process is attached to: a person's terminal (colours, a progress line) or CI.
struct Terminal {
    private let environment = ProcessInfo.processInfo.environment

    var stdoutIsColorTerminal: Bool {
        isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// A progress line on standard error, shown only on a terminal outside CI and only once a
    /// phase has run for a second.
    func progressLine() -> ProgressLine? {
        guard isatty(STDERR_FILENO) == 1, environment["CI"] == nil else { return nil }
        return ProgressLine()
    }
}

/// Draws `[done/total] phase…` on standard error, redrawn in place.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private var drawn = false

    var handler: ProgressHandler {
        { [self] done, total, phase in
            lock.withLock {
                guard Date().timeIntervalSince(start) >= 1 else { return }
                drawn = true
                FileHandle.standardError.write(Data("\r\u{1B}[K[\(done)/\(total)] \(phase)…".utf8))
            }
        }
    }

    func finish() {
        lock.withLock {
            if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
    }
}
