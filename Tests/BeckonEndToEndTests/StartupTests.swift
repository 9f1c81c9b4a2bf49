import BeckonTestSupport
import Foundation
import Testing

/// What starting `beckon` loads: libcurl, with the thirty libraries it needs, only when an email is
/// handed to a relay, never at start.
@Suite struct StartupTests {
    /// The dynamic loader names every library it opens when `LD_DEBUG=files` is set.
    @Test func startingLoadsNoLibcurl() throws {
        let run = try BeckonBinary.run(["--version"], environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0)
        let opened = run.stderr.split(separator: "\n").filter { $0.contains("file=") }
        #expect(opened.contains { $0.contains("libxml2") }, "LD_DEBUG named no library: \(run.stderr.prefix(400))")
        #expect(!opened.contains { $0.contains("libcurl") || $0.contains("libgnutls") || $0.contains("libldap") })
    }
}
