import BeckonTestSupport
import Foundation
import Testing

/// `beckon` runs with mimalloc in place of glibc's malloc (Package.swift links it before libc).
@Suite struct AllocatorTests {
    /// mimalloc prints its heap statistics at exit when `MIMALLOC_SHOW_STATS` is set; glibc's
    /// malloc ignores the variable, so the statistics show which allocator served the process.
    @Test func theBinaryAllocatesWithMimalloc() throws {
        let run = try BeckonBinary.run(["--version"], environment: ["MIMALLOC_SHOW_STATS": "1"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("heap stats"), "no mimalloc statistics on standard error: \(run.stderr)")
    }

    /// Unless asked for, the allocator adds nothing to a build's report (no statistics, no
    /// warnings).
    @Test func aBuildPrintsNothingOfTheAllocator() throws {
        let folder = TemporaryDirectory()
        let run = try BeckonBinary.run(["build", "--output", folder.path("out").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("mimalloc") && !run.stdout.contains("mimalloc"))
    }
}
