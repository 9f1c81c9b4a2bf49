import BeckonTestSupport
import Foundation
import Testing

/// docs/share-messages.md's A/B recipe applied to the default site as it ships: its `variants:`
/// line, and a signing key, build clean. Each share message with the longest variant id signed
/// into its link still fits one SMS.
@Suite struct ShareVariantsRecipeTests {
    @Test func theRecipesVariantsBuildTheDefaultSiteClean() throws {
        let guide = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/share-messages.md"), encoding: .utf8)
        let variants = try #require(
            guide.components(separatedBy: "\n").first { $0.hasPrefix("  variants: ") }, "the recipe's line")
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try SiteFixture.copySite(to: site)
        let config = site.appendingPathComponent("beckon.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        let channels = try #require(text.components(separatedBy: "\n").first { $0.hasPrefix("  channels: ") })
        try Data(text.replacingOccurrences(of: channels, with: channels + "\n" + variants).utf8).write(to: config)
        let check = try BeckonBinary.run(
            ["check", "--site", site.path], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains("sms.segments") && !check.stderr.contains("sms.segments"))
        let built = try BeckonBinary.run(
            ["build", "--site", site.path, "--output", folder.path("output").path],
            environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(built.status == 0)
        let arm = try String(
            contentsOf: folder.path("output/messages/en-US/generic.context-rich.sms.txt"), encoding: .utf8)
        #expect(arm.contains("&v=context-rich"), "\(arm)")
    }
}
