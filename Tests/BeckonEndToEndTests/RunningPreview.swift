import BeckonTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `beckon preview` on a free loopback port.
final class RunningPreview {
    let running: RunningBeckon
    var port: Int { running.port }

    init(site: URL) throws {
        running = try RunningBeckon(["preview", "--site", site.path, "--port", "0"])
    }

    /// Ctrl-C, and how the process ended.
    func interrupt() -> Int32 { running.stop(with: SIGINT) }
}
