import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonBuild

/// The localization rules measure a string as each sample renders it: a string formatted once for
/// the samples that give its arguments the same values is still measured with each sample's own.
@Suite struct SampleRenderingsTests {
    static let site = SiteFixture.replacing(
        """
        landing:
          title: "{inviter} invited you to {app}"
        expired:
          title: This invite has expired
        """,
        with: """
            landing:
              title:
                message: "{inviter} invited you to {app}"
                maxChars: 40
            expired:
              title:
                message: This invite has expired
                maxChars: 20
            """,
        in: SiteFixture.replacing(
            "samples:",
            with: """
                samples:
                  - id: long
                    inviterFirstName: Maximiliana-Josephine
                    context: achievement
                """,
            in: SiteFixture.minimal))

    @Test func aStringIsMeasuredWithEverySample() async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(Self.site, to: folder.url)
        let result = await Pipeline(options: BuildOptions(site: folder.url, output: nil, write: false)).run()
        let tooLong = result.report.diagnostics.filter { $0.rule == "l10n.too-long" && $0.locale == "en-US" }
        // Only the long name takes the title past 40 characters; the expired title, without
        // arguments, is over its limit once whatever the sample.
        #expect(tooLong.filter { $0.message.contains("landing.title") }.map(\.sample) == ["long"])
        #expect(tooLong.filter { $0.message.contains("expired.title") }.count == 1)
    }
}
