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
        #expect(ignore == "output/\n.beckon/\n")
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

    /// A `templates/` that links out of the folder would take init's writes with it.
    @Test func aLinkOutOfTheFolderIsRefusedAndNothingIsWritten() throws {
        let folder = TemporaryDirectory()
        let outside = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("templates").path, withDestinationPath: outside.url.path)
        let run = try BeckonBinary.run(["init", folder.url.path, "--kind", "invite-friends"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error[init.symlink]") && run.stderr.contains("`templates`"), "\(run.stderr)")
        #expect(run.stderr.contains("fix:"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("beckon.yml").path))
    }

    /// A link that stays inside the folder is written through, as any folder is.
    @Test func aLinkInsideTheFolderIsFollowed() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.path("shared-templates"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("templates").path, withDestinationPath: "shared-templates")
        let run = try BeckonBinary.run(["init", folder.url.path, "--kind", "coach-email"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder.path("shared-templates").path).isEmpty)
    }

    /// Every refusal names a rule and a fix, never a raw Foundation error.
    @Test(arguments: ["file", "file/below"])
    func aFolderThatCannotBeMadeIsADiagnostic(target: String) throws {
        let folder = TemporaryDirectory()
        try Data("x".utf8).write(to: folder.path("file"))
        let run = try BeckonBinary.run(["init", folder.path(target).path, "--kind", "messages"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("error[init.not-a-folder]") || run.stderr.contains("error[init.write]"), "\(run.stderr)"
        )
        #expect(run.stderr.contains("fix:"))
        #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("Error Domain"), "\(run.stderr)")
    }

    /// A dangling link where init would write a file counts as an existing file.
    @Test func aDanglingLinkIsNeverWrittenThrough() throws {
        let folder = TemporaryDirectory()
        let outside = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("beckon.yml").path, withDestinationPath: outside.path("planted.yml").path)
        let run = try BeckonBinary.run(["init", folder.url.path, "--kind", "messages"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error[init.exists]"))
        #expect(!FileManager.default.fileExists(atPath: outside.path("planted.yml").path))
    }

    @Test func anUnknownKindIsAUsageError() throws {
        let run = try BeckonBinary.run(["init", TemporaryDirectory().url.path, "--kind", "newsletter"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("invite-friends, coach-email, messages"))
    }
}
