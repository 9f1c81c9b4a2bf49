import BeckonTestSupport
import Foundation
import Testing

/// examples/playa (seed 002) as the binary builds it: recipients' message pools in three locales,
/// with channel links that open the app pre-filled.
@Suite(.serialized) struct ShareMessageSiteTests {
    /// One build of examples/playa, shared by the tests that only read it.
    static let built: TemporaryDirectory = {
        let output = TemporaryDirectory()
        _ = try? BeckonBinary.run(
            ["build", "--site", "examples/playa", "--output", output.path("out").path, "--strict"])
        return output
    }()

    /// The manifest's entries, read as JSON.
    static func artifacts() throws -> [[String: Any]] {
        let data = try Data(contentsOf: built.path("out/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(manifest["artifacts"] as? [[String: Any]])
    }

    @Test func buildsEveryRecipientsPoolInEveryLocale() throws {
        let messages = try Self.artifacts().filter { $0["kind"] as? String == "share-message" }
        // en-US and es-ES: partner 5×2 channels, mum 3, best friend 3, grandfather 3 = 19 each;
        // ar has the same pools.
        #expect(messages.count == 57)
        let text = try String(
            contentsOf: Self.built.path("out/messages/en-US/samples/partner.2.whatsapp.txt"), encoding: .utf8)
        #expect(text == "Alex, dinner on Friday? I'll cook.")
    }

    /// A channel link carries exactly the message's text: decoding its query gives the file back.
    @Test func channelLinksCarryTheMessageText() throws {
        for entry in try Self.artifacts() where entry["kind"] as? String == "share-message" {
            let path = try #require(entry["path"] as? String)
            let text = try String(contentsOf: Self.built.path("out/\(path)"), encoding: .utf8)
            let link = try #require(entry["deepLink"] as? String)
            if path.hasSuffix(".instagram.txt") {
                #expect(link.hasPrefix("instagram://user?username="))
                continue
            }
            let components = try #require(URLComponents(string: link), "\(link)")
            let carried = components.queryItems?.first { $0.name == "text" || $0.name == "body" }?.value
            #expect(carried == text, "\(path): \(link)")
        }
    }

    @Test func numbersBecomeEachChannelsForm() throws {
        let partner = try #require(
            try Self.artifacts().first { $0["path"] as? String == "messages/en-US/samples/partner.1.whatsapp.txt" })
        #expect((partner["deepLink"] as? String)?.hasPrefix("https://wa.me/34612345678?text=Good%20morning") == true)
        let mum = try #require(
            try Self.artifacts().first { $0["path"] as? String == "messages/en-US/samples/mum.1.sms.txt" })
        #expect((mum["alternateLink"] as? String)?.hasPrefix("sms:+447700900461?body=Hi%20Mum") == true)
    }

    /// Requirement 3.2: a template of 501 characters fails at its own line in the bundle, once.
    @Test func aTemplateOverTheLimitFailsAtItsLine() throws {
        let site = TemporaryDirectory()
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("examples/playa"), to: site.path("site"))
        let bundle = site.path("site/locales/en-US.yml")
        let long = String(repeating: "a", count: 496) + " {invitee}"
        let text = try String(contentsOf: bundle, encoding: .utf8)
            .replacingOccurrences(of: "\"{invitee}, coffee this week?\"", with: "\"\(long)\"")
        try Data(text.utf8).write(to: bundle)
        let run = try BeckonBinary.run(["check", "--site", site.path("site").path])
        #expect(run.status == 1, "\(run.stdout)")
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[chars.max]") }
        #expect(findings.count == 1, "\(run.stdout)")
        #expect(findings.first?.contains("locales/en-US.yml:16:") == true, "\(run.stdout)")
    }

    /// Requirement 1 at scale: 50 recipients, each with a pool of 100 templates, in one build of a
    /// site that writes no theme (share messages need none).
    @Test func fiftyRecipientsWithAHundredTemplatesEach() throws {
        let site = TemporaryDirectory()
        var config = """
            version: 1
            app: {name: Playa, baseURL: "https://playa.example", supportURL: "https://playa.example/help",
                  supportEmail: help@playa.example}
            locales: {default: en-US, list: [en-US]}
            share: {channels: [whatsapp], contexts: [], requireLink: false}
            samples:

            """
        var bundle = "share:\n"
        for recipient in 1...50 {
            config +=
                "  - {id: r\(recipient), inviterFirstName: Sam, inviteeFirstName: R\(recipient), phone: \"+34 600 000 \(100 + recipient)\", "
            config += "messages: share.r\(recipient)}\n"
            bundle += "  r\(recipient):\n"
            for item in 1...100 { bundle += "    - \"Message \(item) for {invitee}.\"\n" }
        }
        try FileManager.default.createDirectory(at: site.path("locales"), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: site.path("beckon.yml"))
        try Data(bundle.utf8).write(to: site.path("locales/en-US.yml"))
        let run = try BeckonBinary.run(
            ["build", "--site", site.url.path, "--output", site.path("out").path, "--strict"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: site.path("out/messages/en-US/samples").path)
        #expect(files.count == 5_000)
        let last = try String(contentsOf: site.path("out/messages/en-US/samples/r50.100.whatsapp.txt"), encoding: .utf8)
        #expect(last == "Message 100 for R50.")
    }
}
