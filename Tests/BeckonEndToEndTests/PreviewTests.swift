import BeckonTestSupport
import Foundation
import Testing

/// `beckon preview` as a person uses it: start it, open the index and an email, edit a string,
/// see the browser told to reload and the page changed, stop it with Ctrl-C.
@Suite(.serialized) struct PreviewTests {
    @Test func servesTheSiteAndReloadsAfterAnEdit() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(PreviewFixture.site, to: site.url)
        let preview = try RunningPreview(site: site.url)

        let index = try LoopbackHTTP.get(port: preview.port, "/")
        #expect(index.status == 200)
        #expect(index.body.contains("de-DE"))
        #expect(index.body.contains("/_beckon/email?path=emails/en-US/maya/invite"))

        let email = try LoopbackHTTP.get(port: preview.port, "/_beckon/email?path=emails/en-US/maya/invite")
        #expect(email.status == 200)
        #expect(email.body.contains("Maya invited you to Minimo"))
        #expect(email.body.contains("Plain text"))

        // A production URL is served from the preview.
        let page = try LoopbackHTTP.get(port: preview.port, "/de-DE/samples/maya/invite/index.html")
        #expect(page.status == 200)
        #expect(!page.body.contains("\"https://join.minimo.test/"))
        #expect(page.body.contains("/_beckon/client.js"))

        // Editing a German string: the browser hears of a build, and the page has the new text.
        let events = try LoopbackHTTP.stream(
            port: preview.port, "/_beckon/events", until: "event: build", timeout: 30
        ) {
            let bundle = site.url.appendingPathComponent("locales/de-DE.yml")
            let text = try String(contentsOf: bundle, encoding: .utf8)
            try Data(
                text.replacingOccurrences(of: "Diese Einladung ist abgelaufen", with: "Diese Einladung lief gestern ab")
                    .utf8
            ).write(to: bundle, options: .atomic)
        }
        #expect(events.contains("event: build"), "\(events)")
        let changed = try LoopbackHTTP.get(port: preview.port, "/de-DE/expired/index.html")
        #expect(changed.body.contains("Diese Einladung lief gestern ab"))
        // The log says why the page was made again, naming the string and where it is written.
        let explained =
            "de-DE/expired/index.html: rendered again (render.page): the string `expired.title` as de-DE reads it (locales/de-DE.yml:"
        let log = preview.running.waitForStandardError(containing: explained)
        #expect(log.contains(explained), "\(log)")

        // Breaking the site keeps the last good render visible and says why.
        let events2 = try LoopbackHTTP.stream(
            port: preview.port, "/_beckon/events", until: "\"broken\":true", timeout: 30
        ) {
            try Data("version: 1\napp: [".utf8).write(to: site.url.appendingPathComponent("beckon.yml"))
        }
        #expect(events2.contains("\"broken\":true"), "\(events2)")
        let stale = try LoopbackHTTP.get(port: preview.port, "/de-DE/expired/index.html")
        #expect(stale.body.contains("Diese Einladung lief gestern ab"))
        #expect(stale.body.contains("\"broken\":true"))
        let status = try LoopbackHTTP.get(port: preview.port, "/")
        #expect(status.body.contains("beckon.yml"))

        #expect(preview.interrupt() == 0)
    }

    /// What `scripts/screenshots.sh` wrote is linked from the index and served, and nothing
    /// outside its folder is.
    @Test func screenshotsAreLinkedAndServedFromTheirFolder() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(PreviewFixture.site, to: site.url)
        let folder = site.path("output/screenshots/en-US")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<!DOCTYPE html><title>Screenshots</title>".utf8).write(to: site.path("output/screenshots/index.html"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("landing-390-light.png"))
        let preview = try RunningPreview(site: site.url)
        #expect(
            try LoopbackHTTP.get(port: preview.port, "/").body.contains(
                "<a href=\"/_beckon/screenshots/\">Screenshots</a>"))
        let index = try LoopbackHTTP.get(port: preview.port, "/_beckon/screenshots/")
        #expect(index.status == 200 && index.body.contains("<title>Screenshots</title>"))
        let image = try LoopbackHTTP.get(port: preview.port, "/_beckon/screenshots/en-US/landing-390-light.png")
        #expect(image.status == 200 && image.head.lowercased().contains("content-type: image/png"))
        #expect(try LoopbackHTTP.get(port: preview.port, "/_beckon/screenshots/../../beckon.yml").status == 404)
        #expect(try LoopbackHTTP.get(port: preview.port, "/_beckon/screenshots/%2E%2E/%2E%2E/beckon.yml").status == 404)
        #expect(preview.interrupt() == 0)
    }

    @Test func pagesAndEmailsWithFindingsAreServedWithTheirElementsMarked() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(
            PreviewFixture.site.replacingOccurrences(
                of: "Get {{app.name}}: [open the invite]({{invite.url}}).",
                with: "Get {{app.name}}: [open the invite]({{invite.url}}).\n\nSee [the guide](/en-US/nowhere/)."
            ).replacingOccurrences(
                of: "{{button t.email.accept invite.url}}",
                with: "{{button t.email.accept invite.url}}\n\nRead [the guide](https://elsewhere.test/guide)."),
            to: site.url)
        let preview = try RunningPreview(site: site.url)
        let page = try LoopbackHTTP.get(port: preview.port, "/en-US/samples/maya/invite/index.html")
        #expect(page.status == 200)
        #expect(page.body.contains("data-beckon-finding="), "\(page.body.prefix(800))")
        #expect(page.body.contains("links.target"))
        let email = try LoopbackHTTP.get(port: preview.port, "/emails/en-US/maya/invite.html")
        #expect(email.status == 200)
        #expect(email.body.contains("data-beckon-finding="))
        #expect(email.body.contains("links.host"))
        // The server is still there.
        #expect(try LoopbackHTTP.get(port: preview.port, "/").status == 200)
        #expect(preview.interrupt() == 0)
    }

    @Test(.enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"))
    func aHeadlessBrowserSeesTheEditedText() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(PreviewFixture.site, to: site.url)
        let preview = try RunningPreview(site: site.url)
        defer { _ = preview.interrupt() }
        func dom(_ path: String) throws -> String {
            try HeadlessChromium.dom("http://127.0.0.1:\(preview.port)\(path)")
        }
        let index = try dom("/")
        #expect(index.contains("Beckon preview"), "\(index.prefix(500))")
        let email = try dom("/_beckon/email?path=emails/en-US/maya/invite")
        #expect(email.contains("Maya invited you to Minimo"))
        let bundle = site.url.appendingPathComponent("locales/en-US.yml")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        _ = try LoopbackHTTP.stream(port: preview.port, "/_beckon/events", until: "event: build", timeout: 30) {
            try Data(text.replacingOccurrences(of: "You are invited", with: "Come and join us").utf8).write(
                to: bundle, options: .atomic)
        }
        let edited = try dom("/en-US/samples/maya/invite/index.html")
        #expect(edited.contains("Maya invited you to Minimo"), "\(edited.prefix(800))")
        let editedEmail = try dom("/emails/en-US/maya/invite.html")
        #expect(editedEmail.contains("Come and join us"), "\(editedEmail.prefix(800))")
    }
}

/// The incremental fixture's site, shared with the preview tests.
enum PreviewFixture {
    static let site =
        SiteFixture.replacing(
            "samples:",
            with: """
                email:
                  from: invites@minimo.test
                samples:
                """,
            in: SiteFixture.acceptingEnglishInGerman(SiteFixture.minimal))
            + """

            -- templates/email/invite.md --
            ---
            kind: email
            subject: email.subject
            preheader: email.preheader
            transactional: false
            ---
            # {{t.email.heading}}

            {{t.email.body}}

            {{button t.email.accept invite.url}}
            -- locales/en-US.yml --
            common:
              friend: A friend
            landing:
              title: "{inviter} invited you to {app}"
            expired:
              title: This invite has expired
            gone:
              title: This invite was cancelled
            android:
              title: "{app} for Android is coming"
            email:
              subject: "{inviter} invited you to {app}"
              preheader: Your invite to Minimo is waiting for you — accept it in two taps from this email.
              heading: You are invited
              body: "{inviter} saved you a spot on **{app}**."
              accept: Accept the invite
            """
}
