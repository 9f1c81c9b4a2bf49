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

    /// Without `--output` the files go to a new folder, never into an earlier one; the site folder
    /// itself is refused before anything is rendered.
    @Test func filesGoToANewFolderAndNeverIntoTheSite() throws {
        let folder = TemporaryDirectory()
        let file = try write(Self.invite, in: folder)
        let site = folder.path("site")
        try SiteFixture.write(SiteFixture.minimal, to: site)
        let arguments = ["render", "--kind", "landing", "--invite", file, "--locale", "en-US", "--site", site.path]
        let environment = ["BECKON_LINK_KEY": BeckonBinary.testLinkKey]
        for expected in ["render-landing", "render-landing-2"] {
            let run = try BeckonBinary.run(arguments, in: folder.url, environment: environment)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.path("\(expected)/index.html").path), "\(run.stdout)")
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()
        for output in [site.path, site.path + "/", site.path + "/templates/.."] {
            let refused = try BeckonBinary.run(
                arguments + ["--output", output], in: folder.url, environment: environment)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("error[render.output]"), "\(refused.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).sorted() == before)
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

    /// What `invite new` prints, without the names a service adds: the hint says they go beside
    /// `invite`, where they are read, not into it.
    @Test func inviteNewWithoutNamesSaysWhereTheyGo() throws {
        let folder = TemporaryDirectory()
        let created = try BeckonBinary.run(
            ["invite", "new"], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        let file = try write(created.stdout, in: folder)
        let run = try BeckonBinary.run(["render", "--kind", "landing", "--invite", file, "--locale", "en-US"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("error[invite.missing-key]"), "\(run.stdout)")
        #expect(run.stdout.contains("Add `inviterFirstName:` at the top level of the file, beside `invite`"))
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

    /// With `--cache`, a second render reuses what does not depend on the invite and writes the
    /// same card.
    @Test func aRenderWithACacheReusesItAndWritesTheSameCard() throws {
        let folder = TemporaryDirectory()
        let file = try write(Self.invite, in: folder)
        var cards: [[UInt8]] = []
        for round in 0..<2 {
            let out = folder.path("out\(round)").path
            let run = try BeckonBinary.run(
                [
                    "render", "--kind", "og-card", "--invite", file, "--locale", "ar", "--output", out, "--cache",
                    folder.path("cache").path,
                ])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            cards.append(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("lea.png"))))
        }
        #expect(cards[0] == cards[1])
        let kept = FileManager.default.enumerator(atPath: folder.path("cache").path)?.allObjects.count ?? 0
        #expect(kept > 0, "nothing was kept in the cache")
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

    /// The invite files `render` refuses before reading them as an invite: each a located error,
    /// exit 1, nothing written.
    static let unreadableInvites: [(String, [UInt8]?, String)] = [
        ("over 1 MB", Array(invite.utf8) + Array(repeating: UInt8(ascii: " "), count: 1 << 20), "input.too-large"),
        (
            "not UTF-8",
            Array(#"{"id": "lea","#.utf8) + [0x0A] + Array(#" "inviterFirstName": "L"#.utf8) + [0xFF, 0x22, 0x7D],
            "input.invalid-utf8"
        ),
        ("missing", nil, "input.missing-file"),
    ]

    @Test(arguments: unreadableInvites.map(\.0))
    func unreadableInviteFilesAreLocatedErrors(problem: String) throws {
        let (_, bytes, rule) = try #require(Self.unreadableInvites.first { $0.0 == problem })
        let folder = TemporaryDirectory()
        let file = folder.path("invite.json")
        if let bytes { try Data(bytes).write(to: file) }
        let run = try BeckonBinary.run(
            [
                "render", "--kind", "email", "--invite", file.path, "--locale", "en-US", "--output",
                folder.path("out").path,
            ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("error[\(rule)]"), "\(problem): \(run.stdout)\(run.stderr)")
        // Located at the file, and at the bad byte when there is one (line 2, after `"L`).
        let line = rule == "input.invalid-utf8" ? "invite.json:2:24:" : "invite.json:1:1:"
        #expect(run.stdout.contains(line), "\(problem): \(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out").path))
    }

    /// A name of a megabyte fits the file limit but not the field limit: it is refused at its
    /// key before anything is rendered with it.
    @Test func aMegabyteNameIsRefusedAtItsKey() throws {
        let folder = TemporaryDirectory()
        let name = String(repeating: "Lea", count: 333_333)
        let file = try write(#"{"id": "lea","# + "\n" + #" "inviterFirstName": ""# + name + #""}"#, in: folder)
        let run = try BeckonBinary.run(
            ["render", "--kind", "email", "--invite", file, "--locale", "en-US", "--output", folder.path("out").path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("invite.json:2:"), "\(run.stdout.prefix(2000))")
        #expect(run.stdout.contains("error[invite.too-long]"))
        #expect(!run.stdout.contains("LeaLea"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out").path))
    }

    /// `{{` in an invite's data is text, not a placeholder: the page and the email show it as
    /// written, and nothing is reported about it.
    @Test func bracesInInviteDataAreRenderedLiterally() throws {
        let folder = TemporaryDirectory()
        let file = try write(
            """
            {"id": "lea", "inviterFirstName": "Lea {{app.name}}", "inviteeFirstName": "Tom {x}",
             "inviteeEmail": "tom@example.com", "context": "achievement", "contextTitle": "{{invite.url}} run"}
            """, in: folder)
        for kind in ["landing", "email"] {
            let out = folder.path(kind).path
            let run = try BeckonBinary.run(
                ["render", "--kind", kind, "--invite", file, "--locale", "en-US", "--output", out],
                environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
            #expect(run.status == 0, "\(kind): \(run.stdout)\(run.stderr)")
            #expect(!run.stdout.contains("placeholder"), "\(kind): \(run.stdout)")
        }
        let page = try String(contentsOf: folder.path("landing/index.html"), encoding: .utf8)
        #expect(page.contains("{{app.name}}"), "\(page)")
        #expect(!page.contains("Lea Playa"))
        let text = try String(contentsOf: folder.path("email/invite.txt"), encoding: .utf8)
        #expect(text.contains("{{app.name}}"), "\(text)")
        let message = try MIMEParser().parse([UInt8](Data(contentsOf: folder.path("email/invite.eml"))))
        #expect(message.subject.contains("{{app.name}}"), "\(message.subject)")
    }

    /// The landing pages render writes are the invite's own pages as `beckon serve` answers its
    /// link — at the locale's URL, with the locale's card — and `beckon lint` passes the folder:
    /// every URL is written or absolute to the site.
    @Test func aRenderedLandingPagePassesLint() throws {
        let folder = TemporaryDirectory()
        let file = try write(Self.invite, in: folder)
        let out = folder.path("out").path
        let run = try BeckonBinary.run(
            ["render", "--kind", "landing", "--invite", file, "--output", out],
            environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let page = try String(contentsOf: folder.path("out/de-DE.index.html"), encoding: .utf8)
        #expect(page.contains("Lea"))
        #expect(page.contains(#"<link rel="canonical" href="https://join.playa.app/de-DE/invite/">"#), "\(page)")
        #expect(!page.contains("/samples/"))
        #expect(!page.contains(#"="/"#) && !page.contains("='/"), "a root-relative URL is left")
        let lint = try BeckonBinary.run(["lint", "--site", Repository.root.path, out])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("Linted 4 pages: no problems."), "\(lint.stdout)")
    }

    /// An invite whose link would show another page is refused at the status or time that
    /// decides it, and nothing is written.
    @Test func anInviteThatIsNotPendingIsRefused() throws {
        let folder = TemporaryDirectory()
        let created = try BeckonBinary.run(
            ["invite", "new"], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
        var model = try #require(document["invite"] as? [String: Any])
        model["status"] = "cancelled"
        model["cancelledAt"] = model["createdAt"]
        document["invite"] = model
        document["inviterFirstName"] = "Lea"
        let cancelled = try write(
            String(
                decoding: try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]),
                as: UTF8.self), in: folder)
        let expired = folder.path("expired.json")
        try Data(#"{"id": "lea", "inviterFirstName": "Lea", "createdAt": "2020-01-01T00:00:00Z"}"#.utf8).write(
            to: expired)
        for (file, says) in [
            (cancelled, "is cancelled: its link answers the gone page (410)"), (expired.path, "has expired"),
        ] {
            for kind in ["landing", "og-card", "email"] {
                let out = folder.path("out-\(kind)").path
                let run = try BeckonBinary.run(
                    ["render", "--kind", kind, "--invite", file, "--output", out],
                    environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
                #expect(run.status == 1, "\(run.stdout)")
                #expect(run.stdout.contains("error[render.state]: the invite \(says)"), "\(run.stdout)")
                #expect(!FileManager.default.fileExists(atPath: out))
            }
        }
        let run = try BeckonBinary.run(
            ["render", "--kind", "landing", "--invite", cancelled],
            environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        // Located at the status in the file.
        let line = try #require(
            try String(contentsOfFile: cancelled, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .firstIndex { $0.contains("\"status\"") })
        #expect(run.stdout.contains("invite.json:\(line + 1):"), "\(run.stdout)")
    }
}
