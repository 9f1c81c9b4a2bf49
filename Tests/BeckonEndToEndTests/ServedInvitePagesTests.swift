import BeckonInvitePages
import BeckonTestSupport
import Foundation
import InviteModel
import InviteSecurity
import Testing

/// `beckon serve` answers a stored invite's link with its own page: the sender's first name and
/// the invite's context in the visitor's language, rendered by the site's templates and checked by
/// the page rules. A name that would break the page, an erased sender and a cancelled invite get
/// the built page; nothing a sender types is ever markup.
@Suite(.serialized) struct ServedInvitePagesTests {
    /// Creates an invite from `sender` and returns its link's path and query.
    func linkPath(_ server: RunningServe, sender: String, name: String) throws -> String {
        let created = try create(server, sender: sender, name: name)
        #expect(created.status == 201, "\(created.body)")
        return ServeTests.path(try #require(try ServeTests.json(created)["link"] as? String))
    }

    func create(_ server: RunningServe, sender: String, name: String) throws -> LoopbackHTTP.Reply {
        let body = try JSONSerialization.data(withJSONObject: [
            "senderId": sender, "senderFirstName": name, "channel": "copy_link", "context": "achievement",
            "contextTitle": "a 10K run",
        ])
        return try server.api("POST", "/v1/invites", body: String(decoding: body, as: UTF8.self))
    }

    /// The `<h1>` of a served page.
    func heading(_ reply: LoopbackHTTP.Reply) -> String {
        guard let start = reply.body.range(of: "<h1"), let end = reply.body.range(of: "</h1>") else { return "" }
        return String(reply.body[start.lowerBound..<end.upperBound])
    }

    @Test func aLinkShowsItsSendersNameInTheVisitorsLanguage() throws {
        let running = try ServeTests.Running()
        let server = running.server
        defer { _ = server.stop() }
        let path = try linkPath(server, sender: "u_1", name: "Zoë")
        let english = try server.raw("GET", path)
        #expect(english.status == 200)
        #expect(heading(english).contains("<bdi>Zoë</bdi> invited you to Minimo"), "\(heading(english))")
        #expect(english.body.contains("<title>Zoë invited you to Minimo</title>"))
        let german = try server.raw("GET", path, headers: ["Accept-Language: de"])
        #expect(heading(german).contains("<bdi>Zoë</bdi> hat dich zu Minimo eingeladen"), "\(heading(german))")
        // The page links the invite's own link, and is still never cached or indexed.
        #expect(english.body.contains(path.replacingOccurrences(of: "&", with: "&amp;")))
        #expect(english.head.lowercased().contains("cache-control: no-store"))
        #expect(english.head.lowercased().contains("x-robots-tag: noindex"))
    }

    @Test func whatASenderTypesIsTextNeverMarkup() throws {
        let running = try ServeTests.Running()
        let server = running.server
        defer { _ = server.stop() }
        for name in ["<script>alert(1)</script>", "{{app.name}} & {{{page.body}}}", "\u{202E}Maya\u{202C}", "Ma\r\nya"]
        {
            let created = try create(server, sender: "u_2", name: name)
            // The API may refuse a name outright (control characters), naming the field.
            if created.status == 400 {
                #expect(try ServeTests.json(created)["field"] as? String == "senderFirstName", "\(created.body)")
                continue
            }
            let link = try #require(try ServeTests.json(created)["link"] as? String)
            let reply = try server.raw("GET", ServeTests.path(link))
            #expect(reply.status == 200)
            #expect(!reply.body.contains("<script>alert"), "\(name)")
            #expect(!reply.body.contains("Minimo & "), "a placeholder in a name was filled in: \(name)")
            let shown = heading(reply)
            // Either the name, escaped, or the page without it: never a broken page.
            #expect(
                shown.contains("invited you to Minimo") && (shown.contains("A friend") || !shown.contains("<script")),
                "\(shown)")
        }
        let page = try server.raw("GET", try linkPath(server, sender: "u_2", name: "<b>Kim</b>"))
        #expect(heading(page).contains("<bdi>&lt;b&gt;Kim&lt;/b&gt;</bdi> invited you"), "\(heading(page))")
    }

    @Test func aPageThatWouldBreakIsServedWithoutTheNameAndCounted() throws {
        let running = try ServeTests.Running()
        let server = running.server
        defer { _ = server.stop() }
        let long = String(repeating: "Bartholomew", count: 20)
        let path = try linkPath(server, sender: "u_3", name: long)
        let reply = try server.raw("GET", path)
        #expect(reply.status == 200)
        #expect(heading(reply).contains("A friend invited you to Minimo"), "\(heading(reply))")
        #expect(!reply.body.contains("Bartholomew"))
        let metrics = try server.raw("GET", "/metrics").body
        #expect(metrics.contains("beckon_invite_page_fallbacks_total{rule="), "\(metrics)")
        #expect(!metrics.contains("Bartholomew"))
        // Each crawler that fetches it again is not another fallback: counted and logged once.
        for _ in 0..<3 { _ = try server.raw("GET", path) }
        let fallbacks = { (text: String) in
            text.split(separator: "\n").filter { $0.hasPrefix("beckon_invite_page_fallbacks_total{") }
        }
        #expect(fallbacks(try server.raw("GET", "/metrics").body) == fallbacks(metrics))
        #expect(running.server.running.standardError.components(separatedBy: "an invite's own page failed").count == 2)
    }

    /// The site with a card layout: pages point `og:image` at the invite's own card.
    static let siteWithCards =
        SiteFixture.replacing("{{og.url}}card.png", with: "{{og.image}}", in: ServeTests.site) + """

            -- templates/og/card.yml --
            background: "#123456"
            title:
              key: landing.title
              color: "#ffffff"
              size: 56
              maxLines: 2

            """

    @Test func aLinksPageShowsTheInvitesOwnCardAndOnlyAValidLinkDrawsOne() throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(Self.siteWithCards, to: folder.path("site"))
        let server = try RunningServe(site: folder.path("site"), database: folder.path("invites.sqlite"))
        defer { _ = server.stop() }
        let path = try linkPath(server, sender: "u_6", name: "Zoë")
        let page = try server.raw("GET", path).body
        let card = path + "&og=en-US"
        #expect(
            page.contains(
                "og:image\" content=\"https://join.minimo.test\(card.replacingOccurrences(of: "&", with: "&amp;"))\""))
        #expect(page.contains("Zoë invited you to Minimo"))

        let drawn = try server.raw("GET", card)
        #expect(drawn.status == 200)
        let head = drawn.head.lowercased()
        #expect(head.contains("content-type: image/png") && head.contains("cache-control: public, max-age=86400"))
        // (The client reads bodies as text: a PNG's signature and header chunk show in it.)
        #expect(drawn.body.utf8.count > 1_000 && drawn.body.dropFirst().hasPrefix("PNG") && drawn.body.contains("IHDR"))
        let generic = try server.raw("GET", "/cards/en-US/generic.png")
        #expect(generic.status == 200 && generic.body != drawn.body)
        // The same card again: its ETag answers 304.
        let tag = try #require(
            drawn.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("etag:") }?.dropFirst(5)
                .trimmingCharacters(in: .whitespaces))
        #expect(try server.raw("GET", card, headers: ["If-None-Match: \(tag)"]).status == 304)
        // No valid link, no card: a changed signature, a locale the site lacks.
        #expect(try server.raw("GET", card.replacingOccurrences(of: "sig=", with: "sig=A")).status == 404)
        #expect(try server.raw("GET", path + "&og=xx-XX").status == 404)

        // A name too long for the card's two lines gets the built card, counted.
        let long = try linkPath(server, sender: "u_7", name: String(repeating: "Bartholomew ", count: 12))
        #expect(try server.raw("GET", long + "&og=en-US").body == generic.body)
        #expect(try server.raw("GET", "/metrics").body.contains("beckon_invite_page_fallbacks_total{rule=\"card."))
        // A link past its time is still authentic: its card is the built one, not a 404.
        let keyring = LinkKeyring(
            keys: [LinkKey(id: "default", encodedSecret: BeckonBinary.testLinkKey)!], signingKeyID: "default")
        let code = try #require(InviteCode(String(path.dropFirst("/invite/".count).prefix { $0 != "?" })))
        let expired = keyring.sign(
            InviteLink(
                policy: LinkPolicy(host: "join.minimo.test"), target: .code(code),
                expiresAt: Date().addingTimeInterval(-86_400))
        ).url
        #expect(try server.raw("GET", ServeTests.path(expired) + "&og=en-US").body == generic.body)
        // An erased sender's link draws the built card.
        #expect(try server.api("POST", "/v1/users/u_6/erase").status == 200)
        #expect(try server.raw("GET", card).body == generic.body)
    }

    /// A sender's picture, uploaded through the API, is drawn on their invites' cards in place of
    /// their initials; a file that is not a usable picture is refused; removing or erasing it
    /// brings the initials or the built card back.
    @Test func aSendersPictureIsDrawnOnTheirInvitesCards() throws {
        let folder = TemporaryDirectory()
        let site =
            Self.siteWithCards.replacingOccurrences(
                of: "title:\n  key: landing.title",
                with: "avatar:\n  size: 200\n  accent: \"#ffd166\"\n  initialsColor: \"#1b1b1f\"\n"
                    + "  border: \"#ffffff\"\ntitle:\n  key: landing.title")
        #expect(site.contains("avatar:"))
        try SiteFixture.write(site, to: folder.path("site"))
        let server = try RunningServe(site: folder.path("site"), database: folder.path("invites.sqlite"))
        defer { _ = server.stop() }
        let card = try linkPath(server, sender: "u_8", name: "Zoë") + "&og=en-US"
        let initials = try server.raw("GET", card)
        #expect(initials.status == 200)
        let auth = "Authorization: Bearer \(RunningServe.token)"
        let jpeg = "Content-Type: image/jpeg"
        let picture = [UInt8](
            try Data(contentsOf: Repository.root.appendingPathComponent("Tests/BeckonCardsTests/Fixtures/face.jpg")))
        let put = try server.raw("PUT", "/v1/users/u_8/avatar", body: picture, headers: [auth, jpeg])
        #expect(put.status == 204, "\(put.head)\(put.body)")
        let drawn = try server.raw("GET", card)
        #expect(drawn.status == 200 && drawn.body != initials.body)
        // Not a picture: 415 with a problem, and the kept picture stays.
        let refused = try server.raw("PUT", "/v1/users/u_8/avatar", body: Array("<svg/>".utf8), headers: [auth, jpeg])
        #expect(refused.status == 415 && refused.body.contains("neither a PNG nor a JPEG"), "\(refused.body)")
        // Sent as another type: 415 before anything is read.
        let svg = try server.raw(
            "PUT", "/v1/users/u_8/avatar", body: Array("<svg/>".utf8), headers: [auth, "Content-Type: image/svg+xml"])
        #expect(svg.status == 415 && svg.head.contains("application/problem+json"), "\(svg.head)\(svg.body)")
        #expect(try server.raw("GET", card).body == drawn.body)
        // Removed: the initials again; removing twice is 404.
        #expect(try server.raw("DELETE", "/v1/users/u_8/avatar", headers: [auth]).status == 204)
        #expect(try server.raw("GET", card).body == initials.body)
        #expect(try server.raw("DELETE", "/v1/users/u_8/avatar", headers: [auth]).status == 404)
        // Erasing the sender takes the picture with the name: the built card.
        #expect(try server.raw("PUT", "/v1/users/u_8/avatar", body: picture, headers: [auth, jpeg]).status == 204)
        #expect(try server.api("POST", "/v1/users/u_8/erase").status == 200)
        #expect(try server.raw("GET", card).body == (try server.raw("GET", "/cards/en-US/generic.png")).body)
        // Without the token the API does not take pictures.
        #expect(try server.raw("PUT", "/v1/users/u_8/avatar", body: picture, headers: [jpeg]).status == 401)
    }

    /// On the default site, whose landing page shows the sender's avatar, an invite's page shows
    /// the uploaded picture from a URL only its valid link reaches.
    @Test func aSendersPictureIsOnTheirInvitesPage() throws {
        let folder = TemporaryDirectory()
        let server = try RunningServe(site: Repository.root, database: folder.path("invites.sqlite"))
        defer { _ = server.stop() }
        let path = try linkPath(server, sender: "u_9", name: "Zoë")
        #expect(try server.raw("GET", path).body.contains(#"<span class="avatar" aria-hidden="true">"#))
        let picture = [UInt8](
            try Data(contentsOf: Repository.root.appendingPathComponent("Tests/BeckonCardsTests/Fixtures/face.jpg")))
        let auth = "Authorization: Bearer \(RunningServe.token)"
        #expect(
            try server.raw("PUT", "/v1/users/u_9/avatar", body: picture, headers: [auth, "Content-Type: image/jpeg"])
                .status == 204)
        let page = try server.raw("GET", path).body
        let source = try #require(
            page.range(of: #"<img class="avatar" src="https://join.playa.app"#).map { start in
                page[start.upperBound...].prefix { $0 != "\"" }.replacingOccurrences(of: "&amp;", with: "&")
            }, "\(page)")
        #expect(source.hasPrefix(path + "&avatar="), "\(source)")
        let image = try server.raw("GET", source)
        #expect(image.status == 200 && image.head.lowercased().contains("content-type: image/png"))
        #expect(try server.raw("GET", source.replacingOccurrences(of: "sig=", with: "sig=A")).status == 404)
        // Erased: no picture, and the page without the sender.
        #expect(try server.api("POST", "/v1/users/u_9/erase").status == 200)
        #expect(try server.raw("GET", source).status == 404)
        #expect(!(try server.raw("GET", path).body.contains("avatar=")))
    }

    @Test func anErasedSenderAndACancelledInviteShowNoName() throws {
        let running = try ServeTests.Running()
        let server = running.server
        defer { _ = server.stop() }
        let path = try linkPath(server, sender: "u_4", name: "Ida")
        #expect(heading(try server.raw("GET", path)).contains("<bdi>Ida</bdi> invited you"))
        #expect(try server.api("POST", "/v1/users/u_4/erase").status == 200)
        let erased = try server.raw("GET", path)
        #expect(erased.status == 200)
        #expect(heading(erased).contains("A friend invited you to Minimo"), "\(heading(erased))")

        let other = try linkPath(server, sender: "u_5", name: "Ana")
        let code = String(other.dropFirst("/invite/".count).prefix { $0 != "?" })
        #expect(try server.api("POST", "/v1/invites/\(code)/cancel").status == 200)
        let gone = try server.raw("GET", other)
        #expect(gone.status == 410)
        #expect(!gone.body.contains("Ana"))
    }

    /// With `--cache DIR`, invites' own pages and cards are kept in `DIR/invites`, sealed: the
    /// next start serves them as they were, a deploy that changed a string they read makes them
    /// again, and an erasure removes them.
    @Test func pagesAndCardsKeptOnDiskAreSealedAndFollowTheSite() throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try SiteFixture.write(Self.siteWithCards, to: site)
        let arguments = ["--cache", folder.path("cache").path]
        let records = folder.path("cache/invites/steps")
        func sealed() throws -> [Data] {
            let paths = (try? FileManager.default.subpathsOfDirectory(atPath: records.path)) ?? []
            return try paths.filter { $0.hasSuffix(".sealed") }.map {
                try Data(contentsOf: records.appendingPathComponent($0))
            }
        }
        var server = try RunningServe(site: site, database: folder.path("invites.sqlite"), arguments: arguments)
        let path = try linkPath(server, sender: "u_8", name: "Zoë")
        let page = try server.raw("GET", path)
        let card = try server.raw("GET", path + "&og=en-US")
        #expect(page.status == 200 && card.status == 200)
        #expect(server.stop() == 0)
        let kept = try sealed()
        #expect(kept.count == 2)
        // Neither the name nor the record's JSON shows (random bytes hold a given two-byte run
        // about once in 64 KB, so the checks look for longer ones).
        for record in kept {
            #expect(record.range(of: Data("Zoë".utf8)) == nil)
            #expect(record.range(of: Data("\"value\"".utf8)) == nil)
        }

        server = try RunningServe(site: site, database: folder.path("invites.sqlite"), arguments: arguments)
        let metrics = try server.raw("GET", "/metrics").body
        #expect(metrics.contains("beckon_invite_artifacts_bytes{place=\"disk\"} "), "\(metrics)")
        #expect(!metrics.contains("beckon_invite_artifacts_bytes{place=\"disk\"} 0.0"))
        #expect(try server.raw("GET", path).body == page.body)
        #expect(try server.raw("GET", path + "&og=en-US").body == card.body)
        #expect(server.stop() == 0)

        // The deploy: the English title changed.
        let bundle = site.appendingPathComponent("locales/en-US.yml")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "{inviter} invited you to", with: "{inviter} asks you to").utf8)
            .write(to: bundle)
        server = try RunningServe(site: site, database: folder.path("invites.sqlite"), arguments: arguments)
        defer { _ = server.stop() }
        let edited = try server.raw("GET", path)
        #expect(heading(edited).contains("<bdi>Zoë</bdi> asks you to Minimo"), "\(heading(edited))")
        #expect(try server.raw("GET", path + "&og=en-US").body != card.body)
        #expect(try server.api("POST", "/v1/users/u_8/erase").status == 200)
        #expect(try sealed().isEmpty)
    }
}
