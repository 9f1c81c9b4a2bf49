import BeckonBuild
import BeckonDiagnostics
import BeckonServe
import BeckonTestSupport
import Foundation
import HummingbirdTesting
import NIOCore
import Testing

/// Without `--database`, `beckon serve` keeps its store in the site's `.beckon/`, a folder that
/// ignores itself: `git add .` in the site never picks up the names and addresses it holds.
@Suite struct StateFolderTests {
    @Test(.enabled(if: TestTool.shell.isAvailable, "git is missing: run `make test-deps`"))
    func theDefaultStoreIsWhereGitNeverAddsIt() async throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try SiteFixture.write(SiteFixture.served, to: site)
        let server = try await ServeApplicationTests.server(site: site, in: folder) { $0.database = nil }
        try await server.application().test(.router) { client in
            let created = try await client.execute(
                uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(string: #"{"senderId":"u_1","senderFirstName":"Maya","channel":"copy_link"}"#))
            #expect(created.status == .created)
        }
        let store = site.appendingPathComponent(".beckon/invites.sqlite")
        #expect(FileManager.default.fileExists(atPath: store.path))
        #expect(!FileManager.default.fileExists(atPath: folder.path("invites.sqlite").path))
        // A repository without a .gitignore of its own: `git add .` adds the site, not the store.
        for arguments in [["init", "-q"], ["add", "."]] {
            #expect(try Self.git(arguments, in: site).status == 0)
        }
        let staged = try Self.git(["ls-files", "--cached"], in: site).output
        #expect(staged.contains("beckon.yml"))
        #expect(!staged.contains(".beckon"), "\(staged)")
    }

    static func git(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try #require(TestTool.program("git"))
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ["HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin"]
        let (_, output, _) = try CapturedRun.run(process)
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
