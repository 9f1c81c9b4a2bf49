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
        // The time it took, in seconds with two decimals.
        #expect(run.stdout.contains(#/ in [0-9]+\.[0-9]{2} s → /#), "\(run.stdout)")
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

    /// Without `SOURCE_DATE_EPOCH`, samples are dated from the day of the build, so the links a
    /// build writes are valid now: `beckon link verify` accepts a sample's share link.
    @Test func aBuiltSampleLinkVerifiesAsValidToday() throws {
        let output = TemporaryDirectory()
        let key = ["BECKON_LINK_KEY": BeckonBinary.testLinkKey, "SOURCE_DATE_EPOCH": ""]
        let build = try BeckonBinary.run(["build", "--output", output.path("out").path], environment: key)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let message = try String(
            contentsOf: output.path("out/messages/en-US/samples/long-name.sms.txt"), encoding: .utf8)
        let link = try #require(
            message.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("https://join.playa.app/") },
            "\(message)")
        let verify = try BeckonBinary.run(["link", "verify", String(link)], environment: key)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.hasPrefix("valid: "), "\(verify.stdout)")
        // Dated from today: it expires `expiry.days` (30) after the start of the build's day.
        let today = (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        let expires = Date(timeIntervalSince1970: today + 30 * 86_400)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(verify.stdout.contains("expires \(formatter.string(from: expires))"), "\(verify.stdout)")
    }

    /// `SOURCE_DATE_EPOCH` fixes the date: the link of a build dated 2026-01-01 is signed to expire
    /// 30 days later, whatever the day; a value that is not a date stops the build.
    @Test func sourceDateEpochDatesTheSamples() throws {
        let output = TemporaryDirectory()
        let key = ["BECKON_LINK_KEY": BeckonBinary.testLinkKey]
        let build = try BeckonBinary.run(["build", "--output", output.path("out").path], environment: key)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let message = try String(
            contentsOf: output.path("out/messages/en-US/samples/long-name.sms.txt"), encoding: .utf8)
        #expect(message.contains("exp=1769817600&"), "\(message)")
        let invalid = try BeckonBinary.run(
            ["check"], environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(invalid.status == 1)
        #expect(
            invalid.stdout.contains(
                "beckon.yml:77:1: error[config.source-date-epoch]: SOURCE_DATE_EPOCH is `yesterday`, not a number of seconds since 1970-01-01T00:00:00Z"
            ), "\(invalid.stdout)")
    }

    /// The default site passes `beckon check` with and without a link key (without one, only
    /// `links.unsigned` is reported, the links measured as signed), and with the pseudo-locales.
    @Test(arguments: [false, true], [false, true])
    func checkPassesWithAndWithoutAKey(key: Bool, pseudo: Bool) throws {
        let run = try BeckonBinary.run(
            ["check", "--format", "json"] + (pseudo ? ["--pseudo"] : []),
            environment: key ? ["BECKON_LINK_KEY": BeckonBinary.testLinkKey] : [:])
        #expect(run.status == 0, "\(run.stdout)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let rules = (report["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(rules == (key ? [] : ["links.unsigned"]), "\(rules)")
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
