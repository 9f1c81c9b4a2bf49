import BeckonTestSupport
import Foundation
import Testing

/// `beckon init --kind K` writes a site that builds clean, warnings and all, right away.
@Suite struct InitCommandTests {
    @Test(arguments: ["invite-friends", "coach-email", "messages"])
    func eachStarterBuildsCleanAsWritten(kind: String) throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site").path
        let initRun = try BeckonBinary.run(["init", site, "--kind", kind])
        #expect(initRun.status == 0, "\(initRun.stderr)")
        #expect(initRun.stdout.contains("Next: `beckon build --site \(site)`"))
        let build = try BeckonBinary.run(
            ["build", "--site", site, "--strict"], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("site/output/manifest.json").path))
        let ignore = try String(contentsOf: folder.path("site/.gitignore"), encoding: .utf8)
        #expect(ignore == "output/\n")
    }

    @Test func aFolderWithASiteIsNeverOverwritten() throws {
        let folder = TemporaryDirectory()
        try Data("version: 1\n".utf8).write(to: folder.path("beckon.yml"))
        let run = try BeckonBinary.run(["init", folder.url.path, "--kind", "messages"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error[init.exists]") && run.stderr.contains("`beckon.yml`"))
        #expect(try String(contentsOf: folder.path("beckon.yml"), encoding: .utf8) == "version: 1\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("locales").path))
    }

    @Test func anUnknownKindIsAUsageError() throws {
        let run = try BeckonBinary.run(["init", TemporaryDirectory().url.path, "--kind", "newsletter"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("invite-friends, coach-email, messages"))
    }
}
