import BeckonTestSupport
import Foundation
import Testing

/// `beckon build --explain FILE`, as a user runs it between two builds that share a cache.
@Suite struct ExplainCommandTests {
    @Test func theSecondBuildSaysWhichStringChanged() throws {
        let site = TemporaryDirectory()
        let cache = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.acceptingEnglishInGerman(SiteFixture.minimal), to: site.url)
        let arguments = ["build", "--cache", cache.url.path, "--explain", "en-US/expired/index.html"]
        let first = try BeckonBinary.run(arguments, in: site.url)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let bundle = site.url.appendingPathComponent("locales/en-US.yml")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "This invite has expired", with: "This invite ran out")
        #expect(edited != text)
        try Data(edited.utf8).write(to: bundle)
        let second = try BeckonBinary.run(arguments, in: site.url)
        #expect(second.status == 0)
        #expect(
            second.stderr.contains(
                "explain: en-US/expired/index.html: rendered again (render.page): the string `expired.title` as en-US reads it (locales/en-US.yml:"
            ), "\(second.stderr)")
        // The explanation is on standard error: a machine-readable report stays clean.
        #expect(!second.stdout.contains("explain:"))
    }
}
