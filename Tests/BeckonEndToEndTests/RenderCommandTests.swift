import BeckonMIME
import BeckonTestSupport
import Foundation
import Testing

/// `beckon render`: one artifact for one invite.
@Suite struct RenderCommandTests {
    static let invite = """
        {"id": "lea", "inviterFirstName": "Lea", "inviterName": "Lea Wagner", "inviteeFirstName": "Tom",
         "inviteeEmail": "tom@example.com", "context": "generic"}
        """

    func write(_ text: String, in folder: TemporaryDirectory) throws -> String {
        let url = folder.path("invite.json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func rendersOneEmailForAnInviteAsARealSend() throws {
        let folder = TemporaryDirectory()
        let file = try write(Self.invite, in: folder)
        let run = try BeckonBinary.run(
            ["render", "--kind", "email", "--invite", file, "--locale", "de-DE", "--output", folder.path("out").path],
            environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("out").path).sorted()
        #expect(names == ["invite.eml", "invite.html", "invite.json", "invite.txt"])
        let message = try MIMEParser().parse([UInt8](Data(contentsOf: folder.path("out/invite.eml"))))
        #expect(message.subject == "Lea hat dich zu Playa eingeladen")
        #expect(message.to.address == "tom@example.com")
        // A real send is dated now, not at the build's fixed sample date.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let year = calendar.component(.year, from: Date())
        #expect(message.value(of: "Date")?.contains(" \(year) ") == true)
        #expect(message.value(of: "Date")?.contains("01 Jan 2026") == false)
    }

    /// An invite service's flow: `invite new` prints the invite, the service adds the names beside
    /// it, and `render --invite` takes that file as it is.
    @Test func rendersWhatInviteNewPrints() throws {
        let folder = TemporaryDirectory()
        let created = try BeckonBinary.run(
            ["invite", "new", "--context", "achievement"], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(created.status == 0, "\(created.stderr)")
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
        document["inviterFirstName"] = "Lea"
        document["inviteeEmail"] = "tom@example.com"
        let file = try write(
            String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self), in: folder)
        let run = try BeckonBinary.run(
            [
                "render", "--kind", "landing", "--invite", file, "--locale", "en-US", "--output",
                folder.path("out").path,
            ],
            environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(run.status == 0, "\(run.stdout)")
        let page = try String(contentsOf: folder.path("out/index.html"), encoding: .utf8)
        let model = try #require(document["invite"] as? [String: Any])
        let code = try #require(model["code"] as? String)
        // The page links to the invite's own code.
        #expect(page.contains("/invite/\(code)"))
    }

    /// A problem in a file render does not write — a share message over one SMS — is a warning.
    @Test func anotherFilesProblemDoesNotBlockARender() throws {
        let folder = TemporaryDirectory()
        let long = String(repeating: "Komm zu Minimo, es ist toll. ", count: 8)
        var fixture = SiteFixture.replacing(
            "samples:", with: "limits:\n  smsSegments: 1\nshare:\n  channels: [sms]\nsamples:", in: SiteFixture.minimal)
        fixture = SiteFixture.replacing(
            "expired:\n  title: This invite has expired",
            with:
                "share:\n  generic: \"\(long){link}\"\n  achievement: \"\(long){link}\"\n  content: \"\(long){link}\"\n"
                + "  collaborative: \"\(long){link}\"\nexpired:\n  title: This invite has expired",
            in: fixture)
        try SiteFixture.write(fixture, to: folder.url)
        let file = try write(Self.invite, in: folder)
        let check = try BeckonBinary.run(["check", "--site", folder.url.path])
        #expect(check.status == 1, "the long message is an error in a check: \(check.stdout)")
        let run = try BeckonBinary.run(
            [
                "render", "--kind", "landing", "--invite", file, "--site", folder.url.path, "--locale", "en-US",
                "--output", folder.path("out").path,
            ])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("warning[sms.segments]"), "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/index.html").path))
    }

    @Test func rendersAPreviewCard() throws {
        let folder = TemporaryDirectory()
        let file = try write(Self.invite, in: folder)
        let run = try BeckonBinary.run(
            ["render", "--kind", "og-card", "--invite", file, "--locale", "ar", "--output", folder.path("out").path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let png = try [UInt8](Data(contentsOf: folder.path("out/lea.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func aBrokenInviteIsLocatedAndWritesNothing() throws {
        let folder = TemporaryDirectory()
        let file = try write(#"{"id": "x", "inviterFirstName": "Lea\r\nBcc: someone@example.com"}"#, in: folder)
        let run = try BeckonBinary.run(
            ["render", "--kind", "email", "--invite", file, "--locale", "en-US", "--output", folder.path("out").path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("invite.json:1:"), "\(run.stdout)")
        #expect(run.stdout.contains("error[invite.invalid-value]"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out").path))
    }
}
