import BeckonTestSupport
import Foundation
import Testing

/// The default site (the repository root), built by the real binary.
@Suite struct DefaultSiteTests {
    @Test func buildsTheFourPageKindsInFourLocalesAndTheWellKnownFiles() throws {
        let output = TemporaryDirectory()
        let run = try BeckonBinary.run(["build", "--output", output.path("out").path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Built "))
        #expect(run.stdout.contains("for 4 locales"))
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: output.path("out/manifest.json"))) as? [String: Any]
        )
        let artifacts = try #require(manifest["artifacts"] as? [[String: Any]])
        let paths = Set(artifacts.compactMap { $0["path"] as? String })
        for locale in ["en-US", "de-DE", "ja-JP", "ar"] {
            for page in ["invite", "expired", "gone", "android"] {
                #expect(paths.contains("\(locale)/\(page)/index.html"), "missing \(locale)/\(page)")
            }
        }
        #expect(paths.contains(".well-known/apple-app-site-association"))
        #expect(paths.contains(".well-known/assetlinks.json"))
        let statuses = Dictionary(
            uniqueKeysWithValues: artifacts.map { ($0["path"] as? String ?? "", $0["status"] as? Int ?? 0) })
        #expect(statuses["ar/gone/index.html"] == 410)
        #expect(statuses["ar/invite/index.html"] == 200)
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let first = TemporaryDirectory()
        let second = TemporaryDirectory()
        _ = try BeckonBinary.run(["build", "--output", first.path("out").path])
        _ = try BeckonBinary.run(["build", "--output", second.path("out").path])
        let files = OutputSnapshot.files(in: first.path("out"))
        #expect(files.count > 40)
        #expect(files == OutputSnapshot.files(in: second.path("out")))
    }

    @Test func checkIsCleanAndWritesNothing() throws {
        let run = try BeckonBinary.run(
            ["check", "--strict"], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("no problems"))
    }

    @Test func printsItsVersionAndUsageErrorsExit64() throws {
        let version = try BeckonBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.contains("0."))
        #expect(try BeckonBinary.run(["build", "--locale", "../etc"]).status == 64)
        #expect(try BeckonBinary.run(["build", "--no-such-flag"]).status == 64)
        #expect(try BeckonBinary.run(["build", "--format", "xml"]).status == 64)
    }

    @Test func helpShowsExamples() throws {
        let help = try BeckonBinary.run(["--help"])
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stdout.contains("beckon build --site"))
    }
}
