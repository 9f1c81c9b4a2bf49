import BeckonBuild
import BeckonDiagnostics
import BeckonServe
import BeckonSite
import BeckonTestSupport
import CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `beckon serve`'s application held in-process (`app.test(.router)`): the fixture site built
/// as the command builds it, a SQLite store in a temporary folder, and every route answered
/// without a process or a socket. What needs a real process — signals, kill -9, two instances,
/// proxies, browsers, connection limits — stays in the end-to-end tests.
@Suite struct ServeApplicationTests {
    static let token = "in-process-api-token-0123456789"

    /// The fixture site with its beacon on the link host, built and served on a new store.
    static func server(in folder: TemporaryDirectory, invitesPerDay: Int = 50) async throws -> ServeServer {
        try SiteFixture.write(SiteFixture.served, to: folder.path("site"))
        return try await server(site: folder.path("site"), in: folder, invitesPerDay: invitesPerDay)
    }

    /// A site folder (the default site: `Repository.root`) built and served on a new store in
    /// `folder`, with `environment` added to the keys and token, and `configure` setting the rest
    /// as the command line would.
    static func server(
        site: URL, in folder: TemporaryDirectory, invitesPerDay: Int = 50, environment added: [String: String] = [:],
        configure: (inout ServeConfiguration) -> Void = { _ in }
    ) async throws -> ServeServer {
        let environment = ["BECKON_LINK_KEY": BeckonBinary.testLinkKey, "BECKON_API_TOKEN": token].merging(added) {
            $1
        }
        let build = ServingBuild(
            options: BuildOptions(site: site, write: false, environment: environment), sources: SourceStore())
        var configuration = ServeConfiguration(site: build)
        configuration.database = folder.path("invites.sqlite").path
        configuration.environment = environment
        configuration.invitesPerDay = invitesPerDay
        configure(&configuration)
        return try await ServeServer.build(configuration, log: { _ in })
    }

    /// examples/selffull (seed 003: email invites with accept tokens) served on a new store, with
    /// a fresh token key.
    static func selffull(in folder: TemporaryDirectory) async throws -> ServeServer {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        return try await server(
            site: Repository.root.appendingPathComponent("examples/selffull"), in: folder,
            environment: ["BECKON_TOKEN_KEY": key])
    }

    static let auth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(
            JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any],
            "\(String(buffer: response.body))")
    }

    /// The path and query of an absolute link.
    static func path(_ link: String) -> String {
        guard let range = link.range(of: "://") else { return link }
        let rest = link[range.upperBound...]
        return String(rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...])
    }

    @Test func anInviteLivesThroughItsLinkTheBeaconAndTheAPI() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(in: folder).application()
        try await app.test(.router) { client in
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            let created = try await client.execute(
                uri: "/v1/invites", method: .post, headers: Self.auth,
                body: ByteBuffer(string: #"{"senderId":"u_1","senderFirstName":"Maya","channel":"copy_link"}"#))
            #expect(created.status == .created)
            let invite = try Self.json(created)
            let link = Self.path(try #require(invite["link"] as? String))
            let code = try #require(invite["code"] as? String)
            let page = try await client.execute(uri: link, method: .get, headers: [.acceptLanguage: "de"])
            #expect(page.status == .ok)
            #expect(String(buffer: page.body).contains("<html lang=\"de-DE\""))
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            // The beacon opens the invite of the signed link the page sends, once.
            let beacon = ByteBuffer(string: #"{"event":"invite_link_opened","link":"\#(link)"}"#)
            let browser: HTTPFields = [.userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)"]
            #expect(
                try await client.execute(uri: "/e", method: .post, headers: browser, body: beacon).status == .noContent)
            let opened = try await client.execute(uri: "/v1/invites/\(code)", method: .get, headers: Self.auth)
            #expect(try Self.json(opened)["status"] as? String == "opened")
            // Cancelled: its link answers 410; a forged one 404.
            let cancelled = try await client.execute(
                uri: "/v1/invites/\(code)/cancel", method: .post, headers: Self.auth)
            #expect(cancelled.status == .ok)
            #expect(try await client.execute(uri: link, method: .get).status == .gone)
            let forged = link.replacingOccurrences(of: "sig=", with: "sig=A")
            #expect(try await client.execute(uri: forged, method: .get).status == .notFound)
        }
    }

    @Test func refusalsAreProblemsNamingTheirField() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(in: folder, invitesPerDay: 3).application()
        try await app.test(.router) { client in
            let anonymous = try await client.execute(
                uri: "/v1/invites", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{}"))
            #expect(anonymous.status == .unauthorized && anonymous.headers[.connection] == "close")
            let cases:
                [(uri: String, method: HTTPRequest.Method, body: String?, status: HTTPResponse.Status, field: String?)] =
                    [
                        (
                            "/v1/invites", .post, #"{"senderId":"u_1","senderId":"u_2","channel":"copy_link"}"#,
                            .badRequest, "senderId"
                        ),
                        (
                            "/v1/invites", .post,
                            #"{"senderId":"u_1","channel":"copy_link","senderFirstName":"\u3164"}"#, .badRequest,
                            "senderFirstName"
                        ),
                        ("/v1/invites", .post, #"{"senderId":"u_1","channel":"pigeon"}"#, .badRequest, "channel"),
                        ("/v1/events?limit=ten", .get, nil, .badRequest, "limit"),
                        ("/v1/users/u_1/invites?limit=0", .get, nil, .badRequest, "limit"),
                    ]
            for item in cases {
                let response = try await client.execute(
                    uri: item.uri, method: item.method, headers: Self.auth,
                    body: item.body.map { ByteBuffer(string: $0) })
                #expect(response.status == item.status, "\(item.uri) \(String(buffer: response.body))")
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(try Self.json(response)["field"] as? String == item.field, "\(item.uri)")
            }
            // A batch over the daily limit stores nothing.
            let batch =
                #"{"senderId":"u_9","recipients":[{"channel":"copy_link"},{"channel":"copy_link"},{"channel":"copy_link"},{"channel":"copy_link"}]}"#
            let over = try await client.execute(
                uri: "/v1/invites/bulk", method: .post, headers: Self.auth, body: ByteBuffer(string: batch))
            #expect(over.status == .tooManyRequests && over.headers[.retryAfter] != nil)
            let listed = try await client.execute(uri: "/v1/users/u_9/invites", method: .get, headers: Self.auth)
            #expect((try Self.json(listed)["invites"] as? [Any])?.isEmpty == true)
        }
    }

    /// A person's GET of a pending invite's link opens it, on a site without a beacon too; a
    /// crawler, a HEAD and a prefetch never do, and a second visit records nothing more.
    @Test func aPersonsVisitOpensTheInviteOnce() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            let created = try await client.execute(
                uri: "/v1/invites", method: .post, headers: Self.auth,
                body: ByteBuffer(string: #"{"senderId":"u_1","channel":"copy_link"}"#))
            let link = Self.path(try #require(try Self.json(created)["link"] as? String))
            let code = try #require(try Self.json(created)["code"] as? String)
            func status() async throws -> String? {
                let invite = try await client.execute(uri: "/v1/invites/\(code)", method: .get, headers: Self.auth)
                return try Self.json(invite)["status"] as? String
            }
            let phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
            let notOpening: [(HTTPRequest.Method, HTTPFields)] = [
                (.get, [.userAgent: "WhatsApp/2.23.20.0"]), (.get, [:]), (.head, [.userAgent: phone]),
                (.get, [.userAgent: phone, HTTPField.Name("Sec-Purpose")!: "prefetch;prerender"]),
                (.get, [.userAgent: phone, HTTPField.Name("Purpose")!: "prefetch"]),
            ]
            for (method, headers) in notOpening {
                #expect(try await client.execute(uri: link, method: method, headers: headers).status == .ok)
                #expect(try await status() == "created", "\(method) \(headers)")
            }
            for _ in 0..<2 {
                #expect(try await client.execute(uri: link, method: .get, headers: [.userAgent: phone]).status == .ok)
            }
            #expect(try await status() == "opened")
            let events = try await client.execute(uri: "/v1/events?after=0", method: .get, headers: Self.auth)
            let names = (try Self.json(events)["events"] as? [[String: Any]])?.compactMap { $0["event"] as? String }
            #expect(names == ["invite_created", "invite_sent", "invite_link_opened"])
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(String(buffer: metrics.body).contains("beckon_invites_opened_total 1\n"))
        }
    }

    /// The beacon's `<noscript>` pixel answers a GET with an image.
    @Test func theNoscriptPixelIsAnImage() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(in: folder).application()
        try await app.test(.router) { client in
            let pixel = try await client.execute(
                uri: "/e?event=invite_link_opened&context=generic&locale=en-US", method: .get)
            #expect(pixel.status == .ok && pixel.headers[.contentType] == "image/gif")
            #expect(Array(pixel.body.readableBytesView.prefix(6)) == Array("GIF89a".utf8))
        }
    }

    /// Link-preview crawlers send no `Accept-Language`: such a request gets the invite's own
    /// language, page and card; a visitor's language still wins when it is sent.
    @Test func aRequestWithoutLanguageGetsTheInvitesOwn() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            let created = try await client.execute(
                uri: "/v1/invites", method: .post, headers: Self.auth,
                body: ByteBuffer(
                    string: #"{"senderId":"u_1","senderFirstName":"Jonas","channel":"copy_link","locale":"de-DE"}"#))
            let link = Self.path(try #require(try Self.json(created)["link"] as? String))
            let crawler = try await client.execute(uri: link, method: .get, headers: [.userAgent: "WhatsApp/2.23.20.0"])
            let page = String(buffer: crawler.body)
            #expect(page.contains("<html lang=\"de-DE\""), "\(page.prefix(200))")
            #expect(page.contains("og=de-DE"), "the card is the invite's own, in its language")
            let english = try await client.execute(uri: link, method: .get, headers: [.acceptLanguage: "en"])
            #expect(String(buffer: english.body).contains("<html lang=\"en-US\""))
        }
    }

}
