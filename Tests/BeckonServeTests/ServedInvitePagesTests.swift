import BeckonServe
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InviteModel
import InviteSecurity
import NIOCore
import Synchronization
import Testing

/// `beckon serve` answers a stored invite's link with its own page: the sender's first name and
/// the invite's context in the visitor's language, rendered by the site's templates and checked by
/// the page rules. A name that would break the page, an erased sender and a cancelled invite get
/// the built page; nothing a sender types is ever markup. Held in-process; what a restart keeps
/// is in the end-to-end `ServedInvitePagesTests`.
@Suite struct ServedInvitePagesTests {
    typealias Client = any TestClientProtocol

    /// The application of `site` (the fixture's text) built and served on a new store, with
    /// what it logs.
    static func application(
        _ site: String = SiteFixture.served, in folder: TemporaryDirectory, log: Lines = Lines()
    ) async throws -> some ApplicationProtocol {
        try SiteFixture.write(site, to: folder.path("site"))
        let server = try await ServeApplicationTests.server(site: folder.path("site"), in: folder)
        return try server.application(log: { line in log.append(line) })
    }

    /// Lines logged by the server.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static func get(_ client: Client, _ uri: String, _ headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: headers)
    }

    static func api(
        _ client: Client, _ method: HTTPRequest.Method, _ uri: String, body: [UInt8]? = nil,
        type: String = "application/json"
    ) async throws -> TestResponse {
        var headers = ServeApplicationTests.auth
        headers[.contentType] = type
        return try await client.execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
    }

    static func create(_ client: Client, sender: String, name: String) async throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: [
            "senderId": sender, "senderFirstName": name, "channel": "copy_link", "context": "achievement",
            "contextTitle": "a 10K run",
        ])
        return try await api(client, .post, "/v1/invites", body: [UInt8](body))
    }

    /// Creates an invite from `sender` and returns its link's path and query.
    static func linkPath(_ client: Client, sender: String, name: String) async throws -> String {
        let created = try await create(client, sender: sender, name: name)
        #expect(created.status == .created, "\(String(buffer: created.body))")
        return ServeApplicationTests.path(try #require(try ServeApplicationTests.json(created)["link"] as? String))
    }

    /// The `<h1>` of a served page.
    static func heading(_ response: TestResponse) -> String {
        let body = String(buffer: response.body)
        guard let start = body.range(of: "<h1"), let end = body.range(of: "</h1>") else { return "" }
        return String(body[start.lowerBound..<end.upperBound])
    }

    static let picture: [UInt8] = {
        let url = Repository.root.appendingPathComponent("Tests/BeckonCardsTests/Fixtures/face.jpg")
        return [UInt8]((try? Data(contentsOf: url)) ?? Data())
    }()

    @Test func aLinkShowsItsSendersNameInTheVisitorsLanguage() async throws {
        let folder = TemporaryDirectory()
        try await Self.application(in: folder).test(.router) { client in
            let path = try await Self.linkPath(client, sender: "u_1", name: "Zoë")
            let english = try await Self.get(client, path)
            #expect(english.status == .ok)
            #expect(Self.heading(english).contains("<bdi>Zoë</bdi> invited you to Minimo"), "\(Self.heading(english))")
            #expect(String(buffer: english.body).contains("<title>Zoë invited you to Minimo</title>"))
            let german = try await Self.get(client, path, [.acceptLanguage: "de"])
            #expect(
                Self.heading(german).contains("<bdi>Zoë</bdi> hat dich zu Minimo eingeladen"), "\(Self.heading(german))"
            )
            // The page links the invite's own link, and is still never cached or indexed.
            let escaped = "https://join.minimo.test" + path.replacingOccurrences(of: "&", with: "&amp;")
            #expect(String(buffer: english.body).contains(escaped))
            // Its preview is the invite's own: `og:url` is the link.
            #expect(String(buffer: english.body).contains(#"<meta property="og:url" content="\#(escaped)">"#))
            #expect(english.headers[.cacheControl] == "no-store")
            #expect(english.headers[HTTPField.Name("X-Robots-Tag")!] == "noindex")
        }
    }

    @Test func whatASenderTypesIsTextNeverMarkup() async throws {
        let folder = TemporaryDirectory()
        try await Self.application(in: folder).test(.router) { client in
            for name in [
                "<script>alert(1)</script>", "{{app.name}} & {{{page.body}}}", "\u{202E}Maya\u{202C}", "Ma\r\nya",
            ] {
                let created = try await Self.create(client, sender: "u_2", name: name)
                // The API may refuse a name outright (control characters), naming the field.
                if created.status == .badRequest {
                    #expect(
                        try ServeApplicationTests.json(created)["field"] as? String == "senderFirstName",
                        "\(String(buffer: created.body))")
                    continue
                }
                let link = try #require(try ServeApplicationTests.json(created)["link"] as? String)
                let reply = try await Self.get(client, ServeApplicationTests.path(link))
                let body = String(buffer: reply.body)
                #expect(reply.status == .ok)
                #expect(!body.contains("<script>alert"), "\(name)")
                #expect(!body.contains("Minimo & "), "a placeholder in a name was filled in: \(name)")
                let shown = Self.heading(reply)
                // Either the name, escaped, or the page without it: never a broken page.
                #expect(
                    shown.contains("invited you to Minimo")
                        && (shown.contains("A friend") || !shown.contains("<script")), "\(shown)")
            }
            let page = try await Self.get(client, try await Self.linkPath(client, sender: "u_2", name: "<b>Kim</b>"))
            #expect(
                Self.heading(page).contains("<bdi>&lt;b&gt;Kim&lt;/b&gt;</bdi> invited you"), "\(Self.heading(page))")
        }
    }

    /// A name that would break the page as given (220 characters overflow its title) is shown
    /// shortened, as a card's title is: the sender stays on the page, and nothing falls back.
    @Test func aPageThatWouldBreakIsServedWithTheNameShortened() async throws {
        let folder = TemporaryDirectory()
        let log = Lines()
        try await Self.application(in: folder, log: log).test(.router) { client in
            let long = String(repeating: "Bartholomew", count: 20)
            let path = try await Self.linkPath(client, sender: "u_3", name: long)
            let reply = try await Self.get(client, path)
            #expect(reply.status == .ok)
            #expect(
                Self.heading(reply).contains("<bdi>BartholomewB…</bdi> invited you to Minimo"), "\(Self.heading(reply))"
            )
            #expect(!String(buffer: reply.body).contains(long))
            let metrics = String(buffer: try await Self.get(client, "/metrics").body)
            #expect(!metrics.contains("beckon_invite_page_fallbacks_total{"), "\(metrics)")
            #expect(!log.all.contains { $0.contains("an invite's own page failed") }, "\(log.all)")
            #expect(!log.all.contains { $0.contains("Bartholomew") })
        }
    }

    @Test func aLinksPageShowsTheInvitesOwnCardAndOnlyAValidLinkDrawsOne() async throws {
        let folder = TemporaryDirectory()
        try await Self.application(SiteFixture.servedWithCards, in: folder).test(.router) { client in
            let path = try await Self.linkPath(client, sender: "u_6", name: "Zoë")
            let page = String(buffer: try await Self.get(client, path).body)
            let card = path + "&og=en-US"
            #expect(
                page.contains(
                    "og:image\" content=\"https://join.minimo.test\(card.replacingOccurrences(of: "&", with: "&amp;"))\""
                ))
            #expect(page.contains("Zoë invited you to Minimo"))

            let drawn = try await Self.get(client, card)
            #expect(drawn.status == .ok)
            #expect(drawn.headers[.contentType] == "image/png")
            #expect(drawn.headers[.cacheControl] == "public, max-age=86400")
            let png = Array(buffer: drawn.body)
            #expect(png.count > 1_000 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let generic = try await Self.get(client, "/cards/en-US/generic.png")
            #expect(generic.status == .ok && generic.body != drawn.body)
            // The same card again: its ETag answers 304.
            let tag = try #require(drawn.headers[.eTag])
            #expect(try await Self.get(client, card, [.ifNoneMatch: tag]).status == .notModified)
            // No valid link, no card: a changed signature, a locale the site lacks.
            #expect(
                try await Self.get(client, card.replacingOccurrences(of: "sig=", with: "sig=A")).status == .notFound)
            #expect(try await Self.get(client, path + "&og=xx-XX").status == .notFound)

            // A name too long for the card's two lines keeps its sender on the card, shortened.
            let long = try await Self.linkPath(
                client, sender: "u_7", name: String(repeating: "Bartholomew ", count: 12))
            let shortened = try await Self.get(client, long + "&og=en-US")
            #expect(shortened.status == .ok && shortened.body != generic.body)
            #expect(
                !String(buffer: try await Self.get(client, "/metrics").body).contains(
                    "beckon_invite_page_fallbacks_total{rule=\"card."))
            // A link past its time is still authentic: its card is the built one, not a 404.
            let keyring = LinkKeyring(
                keys: [LinkKey(id: "default", encodedSecret: BeckonBinary.testLinkKey)!], signingKeyID: "default")
            let code = try #require(InviteCode(String(path.dropFirst("/invite/".count).prefix { $0 != "?" })))
            let expired = keyring.sign(
                InviteLink(
                    policy: LinkPolicy(host: "join.minimo.test"), target: .code(code),
                    expiresAt: Date().addingTimeInterval(-86_400))
            ).url
            #expect(
                try await Self.get(client, ServeApplicationTests.path(expired) + "&og=en-US").body == generic.body)
            // An erased sender's link draws the built card.
            #expect(try await Self.api(client, .post, "/v1/users/u_6/erase").status == .ok)
            #expect(try await Self.get(client, card).body == generic.body)
        }
    }

    /// A sender's picture, uploaded through the API, is drawn on their invites' cards in place of
    /// their initials; a file that is not a usable picture is refused; removing or erasing it
    /// brings the initials or the built card back.
    @Test func aSendersPictureIsDrawnOnTheirInvitesCards() async throws {
        let folder = TemporaryDirectory()
        let site = SiteFixture.servedWithCards.replacingOccurrences(
            of: "title:\n  key: landing.title",
            with: "avatar:\n  size: 200\n  accent: \"#ffd166\"\n  initialsColor: \"#1b1b1f\"\n"
                + "  border: \"#ffffff\"\ntitle:\n  key: landing.title")
        #expect(site.contains("avatar:"))
        try await Self.application(site, in: folder).test(.router) { client in
            let card = try await Self.linkPath(client, sender: "u_8", name: "Zoë") + "&og=en-US"
            let initials = try await Self.get(client, card)
            #expect(initials.status == .ok)
            let avatar = "/v1/users/u_8/avatar"
            let put = try await Self.api(client, .put, avatar, body: Self.picture, type: "image/jpeg")
            #expect(put.status == .noContent, "\(String(buffer: put.body))")
            let drawn = try await Self.get(client, card)
            #expect(drawn.status == .ok && drawn.body != initials.body)
            // Not a picture: 415 with a problem, and the kept picture stays.
            let refused = try await Self.api(client, .put, avatar, body: Array("<svg/>".utf8), type: "image/jpeg")
            #expect(
                refused.status == .unsupportedMediaType
                    && String(buffer: refused.body).contains("neither a PNG nor a JPEG"),
                "\(String(buffer: refused.body))")
            // Sent as another type: 415 before anything is read.
            let svg = try await Self.api(client, .put, avatar, body: Array("<svg/>".utf8), type: "image/svg+xml")
            #expect(svg.status == .unsupportedMediaType && svg.headers[.contentType] == "application/problem+json")
            #expect(try await Self.get(client, card).body == drawn.body)
            // Removed: the initials again; removing twice is 404.
            #expect(try await Self.api(client, .delete, avatar).status == .noContent)
            #expect(try await Self.get(client, card).body == initials.body)
            #expect(try await Self.api(client, .delete, avatar).status == .notFound)
            // Erasing the sender takes the picture with the name: the built card.
            #expect(
                try await Self.api(client, .put, avatar, body: Self.picture, type: "image/jpeg").status == .noContent)
            #expect(try await Self.api(client, .post, "/v1/users/u_8/erase").status == .ok)
            #expect(
                try await Self.get(client, card).body == (try await Self.get(client, "/cards/en-US/generic.png")).body)
            // Without the token the API does not take pictures.
            let anonymous = try await client.execute(
                uri: avatar, method: .put, headers: [.contentType: "image/jpeg"], body: ByteBuffer(bytes: Self.picture))
            #expect(anonymous.status == .unauthorized)
        }
    }

    /// On the default site, whose landing page shows the sender's avatar, an invite's page shows
    /// the uploaded picture from a URL only its valid link reaches.
    @Test func aSendersPictureIsOnTheirInvitesPage() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            let path = try await Self.linkPath(client, sender: "u_9", name: "Zoë")
            let first = String(buffer: try await Self.get(client, path).body)
            #expect(first.contains(#"<span class="avatar" aria-hidden="true">"#))
            // Previewed under the invite's own link; the canonical URL stays the locale's page.
            let link = "https://join.playa.app" + path.replacingOccurrences(of: "&", with: "&amp;")
            #expect(first.contains(#"<meta property="og:url" content="\#(link)">"#))
            #expect(first.contains(#"<link rel="canonical" href="https://join.playa.app/en-US/invite/">"#))
            let put = try await Self.api(client, .put, "/v1/users/u_9/avatar", body: Self.picture, type: "image/jpeg")
            #expect(put.status == .noContent)
            let page = String(buffer: try await Self.get(client, path).body)
            let source = try #require(
                page.range(of: #"<img class="avatar" src="https://join.playa.app"#).map { start in
                    page[start.upperBound...].prefix { $0 != "\"" }.replacingOccurrences(of: "&amp;", with: "&")
                }, "\(page)")
            #expect(source.hasPrefix(path + "&avatar="), "\(source)")
            let image = try await Self.get(client, source)
            #expect(image.status == .ok && image.headers[.contentType] == "image/png")
            #expect(
                try await Self.get(client, source.replacingOccurrences(of: "sig=", with: "sig=A")).status == .notFound)
            // Erased: no picture, and the page without the sender.
            #expect(try await Self.api(client, .post, "/v1/users/u_9/erase").status == .ok)
            #expect(try await Self.get(client, source).status == .notFound)
            #expect(!String(buffer: try await Self.get(client, path).body).contains("avatar="))
        }
    }

    @Test func anErasedSenderAndACancelledInviteShowNoName() async throws {
        let folder = TemporaryDirectory()
        try await Self.application(in: folder).test(.router) { client in
            let path = try await Self.linkPath(client, sender: "u_4", name: "Ida")
            #expect(Self.heading(try await Self.get(client, path)).contains("<bdi>Ida</bdi> invited you"))
            #expect(try await Self.api(client, .post, "/v1/users/u_4/erase").status == .ok)
            let erased = try await Self.get(client, path)
            #expect(erased.status == .ok)
            #expect(Self.heading(erased).contains("A friend invited you to Minimo"), "\(Self.heading(erased))")

            let other = try await Self.linkPath(client, sender: "u_5", name: "Ana")
            let code = String(other.dropFirst("/invite/".count).prefix { $0 != "?" })
            #expect(try await Self.api(client, .post, "/v1/invites/\(code)/cancel").status == .ok)
            let gone = try await Self.get(client, other)
            #expect(gone.status == .gone)
            #expect(!String(buffer: gone.body).contains("Ana"))
        }
    }
}
