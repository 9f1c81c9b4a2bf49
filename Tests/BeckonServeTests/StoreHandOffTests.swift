import BeckonServe
import BeckonTestSupport
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The store hand-off and the app's install claim (docs/deferred-links.md), in-process.
@Suite struct StoreHandOffTests {
    static let appKey = "in-process-app-key-abcdefghijklmnop"
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"

    /// The fixture site with `extra` lines under `app:` and `more` at the top level.
    static func site(app extra: String = "", _ more: String = "") -> String {
        let app = SiteFixture.replacing(
            "  appStoreID: \"123456789\"\n", with: "  appStoreID: \"123456789\"\n" + extra, in: SiteFixture.served)
        return SiteFixture.replacing("samples:", with: more + "samples:", in: app)
    }

    static func server(
        _ fixture: String?, in folder: TemporaryDirectory, appKey: String? = appKey
    ) async throws
        -> ServeServer
    {
        let site: URL
        if let fixture {
            try SiteFixture.write(fixture, to: folder.path("site"))
            site = folder.path("site")
        } else {
            site = Repository.root
        }
        return try await ServeApplicationTests.server(
            site: site, in: folder, environment: appKey.map { ["BECKON_APP_KEY": $0] } ?? [:])
    }

    static func create(
        _ client: some TestClientProtocol, name: String = "Zuzanna"
    ) async throws -> (
        link: String, code: String
    ) {
        let body = #"{"senderId":"u_\#(name.count)","senderFirstName":"\#(name)","channel":"copy_link"}"#
        let created = try await client.execute(
            uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth, body: ByteBuffer(string: body))
        let json = try ServeApplicationTests.json(created)
        return (try #require(json["link"] as? String), try #require(json["code"] as? String))
    }

    static func claim(
        _ client: some TestClientProtocol, _ body: String, key: String = appKey, from address: String = "203.0.113.7"
    ) async throws -> TestResponse {
        try await client.execute(
            uri: "/v1/installs", method: .post,
            headers: [
                .authorization: "Bearer \(key)", .contentType: "application/json",
                HTTPField.Name("X-Forwarded-For")!: address,
            ],
            body: ByteBuffer(string: body))
    }

    static func events(_ client: some TestClientProtocol) async throws -> [[String: Any]] {
        let feed = try await client.execute(
            uri: "/v1/events?after=0", method: .get, headers: ServeApplicationTests.auth)
        return try ServeApplicationTests.json(feed)["events"] as? [[String: Any]] ?? []
    }

    static func tap(
        _ client: some TestClientProtocol, _ link: String, agent: String, store: String = "app-store",
        from address: String = "203.0.113.7"
    ) async throws -> TestResponse {
        try await client.execute(
            uri: ServeApplicationTests.path(link) + "&store=\(store)", method: .get,
            headers: [.userAgent: agent, HTTPField.Name("X-Forwarded-For")!: address])
    }

    /// On the default site (clipboard on, App Store only): the page's store button goes through
    /// the hand-off and copies the link first, by a script the page's policy allows by its hash;
    /// a tap from an iPhone is recorded and sent to the App Store with no referrer, a desktop's
    /// and a crawler's are not recorded, an Android phone gets the Android page with the sender.
    @Test func aTapIsRecordedAndSentToTheDevicesStore() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(nil, in: folder).application()
        try await app.test(.router) { client in
            let (link, _) = try await Self.create(client)
            let page = try await client.execute(
                uri: ServeApplicationTests.path(link), method: .get, headers: [.userAgent: Self.iPhone])
            let html = String(buffer: page.body)
            let escaped = link.replacingOccurrences(of: "&", with: "&amp;")
            #expect(html.contains("href=\"\(escaped)&amp;store=app-store\""))
            #expect(html.contains("copies your invite link"))
            let script = try #require(html.range(of: "<script>\n(function(){var l=")).lowerBound
            let end = try #require(html.range(of: "</script>", range: script..<html.endIndex)).lowerBound
            let body = html[html.index(script, offsetBy: "<script>".count)..<end]
            let hash = Data(SHA256.hash(data: Array(body.utf8))).base64EncodedString()
            #expect(page.headers[.contentSecurityPolicy]?.contains("'sha256-\(hash)'") == true)

            let tapped = try await Self.tap(client, link, agent: Self.iPhone)
            #expect(tapped.status == .found)
            #expect(tapped.headers[.location] == "https://apps.apple.com/app/id6478123450")
            #expect(tapped.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            #expect(try await Self.tap(client, link, agent: Self.desktop).headers[.location] == link)
            #expect(try await Self.tap(client, link, agent: "facebookexternalhit/1.1").status == .found)
            #expect(try await Self.tap(client, link, agent: Self.android).headers[.location] == link)
            let androidPage = try await client.execute(
                uri: ServeApplicationTests.path(link), method: .get, headers: [.userAgent: Self.android])
            #expect(androidPage.status == .ok)
            #expect(String(buffer: androidPage.body).contains("Invited by <bdi>Zuzanna</bdi>"))
            #expect(String(buffer: androidPage.body).contains("for Android is on its way"))
            let forged = ServeApplicationTests.path(link).replacingOccurrences(of: "sig=", with: "sig=A")
            #expect(
                try await client.execute(
                    uri: forged + "&store=app-store", method: .get, headers: [.userAgent: Self.iPhone]
                )
                .status == .notFound)
            let clicks = try await Self.events(client).filter { $0["event"] as? String == "invite_store_clicked" }
            #expect(clicks.count == 1 && clicks.first?["platform"] as? String == "ios")
        }
    }

    /// A computer's page of an invite shows its link as a QR code that scans back to the link; a
    /// phone's page has none.
    @Test(.enabled(if: ZBar.program != nil, "zbarimg is not installed: run `make test-deps`"))
    func aComputersPageShowsTheLinkAsAQRCode() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(nil, in: folder).application()
        try await app.test(.router) { client in
            let (link, _) = try await Self.create(client)
            let path = ServeApplicationTests.path(link)
            let page = String(
                buffer: try await client.execute(uri: path, method: .get, headers: [.userAgent: Self.desktop]).body)
            let start = try #require(page.range(of: "<svg")).lowerBound
            let end = try #require(page.range(of: "</svg>")).upperBound
            let svg = String(page[start..<end])
            #expect(svg.contains("<title>Scan to open this invite on your phone</title>"))
            #expect(try ZBar.decode(pgm: try #require(ZBar.pgm(svg: svg, scale: 4))) == link)
            let phone = try await client.execute(uri: path, method: .get, headers: [.userAgent: Self.iPhone])
            #expect(!String(buffer: phone.body).contains("<svg"))
        }
    }

    /// The app claims with the link from the clipboard: Zuzanna's invite, once; forged links,
    /// wrong keys and malformed bodies get the documented refusals and record nothing.
    @Test func theAppClaimsByClipboardOnceAndNothingElseGetsIn() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(nil, in: folder).application()
        try await app.test(.router) { client in
            let (link, code) = try await Self.create(client)
            _ = try await Self.tap(client, link, agent: Self.iPhone)
            let claimed = try await Self.claim(client, #"{"platform":"ios","appVersion":"3.2","clipboard":"\#(link)"}"#)
            #expect(claimed.status == .ok)
            let match = try #require(try ServeApplicationTests.json(claimed)["match"] as? [String: Any])
            #expect(match["code"] as? String == code && match["status"] as? String == "pending")
            #expect(
                match["method"] as? String == "clipboard" && match["deepLink"] as? String == "playa://invite/\(code)")
            #expect((match["sender"] as? [String: Any])?["firstName"] as? String == "Zuzanna")
            let again = try await Self.claim(client, #"{"platform":"ios","clipboard":"  \#(link)\n"}"#)
            #expect((try ServeApplicationTests.json(again)["match"] as? [String: Any])?["code"] as? String == code)

            let none = #"{"match":null}"#
            let forged = link.replacingOccurrences(of: "sig=", with: "sig=A")
            for body in [
                #"{"platform":"ios","clipboard":"\#(forged)"}"#, #"{"platform":"ios"}"#,
                #"{"platform":"android","referrer":"utm_source=google-play&utm_medium=organic"}"#,
                #"{"platform":"ios","clipboard":"https://example.com/invite/\#(code)"}"#,
            ] {
                let answer = try await Self.claim(client, body)
                #expect(answer.status == .ok && String(buffer: answer.body) == none, "\(body)")
            }
            let refusals: [(String, String, HTTPResponse.Status)] = [
                (#"{"platform":"ios"}"#, "wrong-key", .unauthorized),
                (#"{"platform":"ios"}"#, ServeApplicationTests.token, .unauthorized),
                (#"{"platform":"windows"}"#, Self.appKey, .badRequest),
                (#"{"platform":"ios","ip":"1.2.3.4"}"#, Self.appKey, .badRequest),
                (
                    #"{"platform":"ios","clipboard":"\#(String(repeating: "x", count: 3_000))"}"#, Self.appKey,
                    .badRequest
                ),
                (
                    #"{"platform":"ios","clipboard":"\#(String(repeating: "x", count: 70_000))"}"#, Self.appKey,
                    .contentTooLarge
                ),
            ]
            for (body, key, status) in refusals {
                let answer = try await Self.claim(client, body, key: key)
                #expect(answer.status == status, "\(body.prefix(40)) \(String(buffer: answer.body))")
            }
            let text = try await client.execute(
                uri: "/v1/installs", method: .post,
                headers: [.authorization: "Bearer \(Self.appKey)", .contentType: "text/plain"],
                body: ByteBuffer(string: #"{"platform":"ios"}"#))
            #expect(text.status == .unsupportedMediaType)
            // The app key opens nothing else.
            let asApp: HTTPFields = [.authorization: "Bearer \(Self.appKey)"]
            #expect(try await client.execute(uri: "/v1/events", method: .get, headers: asApp).status == .unauthorized)
            #expect(
                try await client.execute(uri: "/v1/invites/\(code)", method: .get, headers: asApp).status
                    == .unauthorized)

            let names = try await Self.events(client).compactMap { $0["event"] as? String }
            #expect(names == ["invite_created", "invite_store_clicked", "invite_app_installed"])
            let installed = try await Self.events(client).last
            #expect(installed?["platform"] as? String == "ios" && installed?["method"] as? String == "clipboard")
        }
    }

    /// Without an app key the claim answers 503, and the API's token still works.
    @Test func withoutAnAppKeyTheClaimIsClosed() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(SiteFixture.served, in: folder, appKey: nil).application()
        try await app.test(.router) { client in
            let claim = try await Self.claim(client, #"{"platform":"ios"}"#)
            #expect(claim.status == .serviceUnavailable)
            let created = try await Self.create(client)
            #expect(!created.code.isEmpty)
        }
    }

    /// A site with a Play listing and a campaign: an Android tap goes to Google Play with the
    /// link as the install referrer, which the app claims with; an iPhone tap carries the
    /// campaign.
    @Test func androidHandsTheLinkOverThroughThePlayReferrer() async throws {
        let folder = TemporaryDirectory()
        let fixture = Self.site(
            app: "  playStoreURL: https://play.google.com/store/apps/details?id=test.minimo\n"
                + "  appStoreCampaign: {pt: \"118\", ct: \"invite\"}\n")
        let app = try await Self.server(fixture, in: folder).application()
        try await app.test(.router) { client in
            let (link, code) = try await Self.create(client)
            let play = try #require(
                try await Self.tap(client, link, agent: Self.android, store: "play").headers[.location])
            let prefix = "https://play.google.com/store/apps/details?id=test.minimo&referrer="
            #expect(play.hasPrefix(prefix))
            let referrer = try #require(String(play.dropFirst(prefix.count)).removingPercentEncoding)
            #expect(referrer == link)
            let apple = try await Self.tap(client, link, agent: Self.iPhone).headers[.location]
            #expect(apple == "https://apps.apple.com/app/id123456789?pt=118&ct=invite&mt=8")
            let body = try JSONSerialization.data(withJSONObject: ["platform": "android", "referrer": referrer])
            let claimed = try await Self.claim(client, String(decoding: body, as: UTF8.self))
            let match = try ServeApplicationTests.json(claimed)["match"] as? [String: Any]
            #expect(match?["code"] as? String == code && match?["method"] as? String == "referrer")
        }
    }

    /// With `deferred.matchWindow`, an install without a link takes the single unclaimed click of
    /// its client hash and platform; two candidates, another platform, another client or a site
    /// without a window match nothing.
    @Test func aWindowMatchesOnlyASingleCandidate() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(Self.site("deferred:\n  matchWindow: 60\n"), in: folder).application()
        try await app.test(.router) { client in
            let (maya, mayaCode) = try await Self.create(client, name: "Maya")
            let (lou, _) = try await Self.create(client, name: "Lou")
            let (ana, _) = try await Self.create(client, name: "Ana")
            // Maya's button tapped twice is still one candidate.
            _ = try await Self.tap(client, maya, agent: Self.iPhone, from: "198.51.100.1")
            _ = try await Self.tap(client, maya, agent: Self.iPhone, from: "198.51.100.1")
            _ = try await Self.tap(client, lou, agent: Self.iPhone, from: "198.51.100.2")
            _ = try await Self.tap(client, ana, agent: Self.iPhone, from: "198.51.100.2")
            let none = #"{"match":null}"#
            #expect(
                String(buffer: try await Self.claim(client, #"{"platform":"ios"}"#, from: "198.51.100.2").body) == none)
            #expect(
                String(buffer: try await Self.claim(client, #"{"platform":"android"}"#, from: "198.51.100.1").body)
                    == none)
            #expect(
                String(buffer: try await Self.claim(client, #"{"platform":"ios"}"#, from: "198.51.100.9").body) == none)
            let matched = try await Self.claim(client, #"{"platform":"ios"}"#, from: "198.51.100.1")
            let match = try ServeApplicationTests.json(matched)["match"] as? [String: Any]
            #expect(match?["code"] as? String == mayaCode && match?["method"] as? String == "window")
            #expect(
                String(buffer: try await Self.claim(client, #"{"platform":"ios"}"#, from: "198.51.100.1").body) == none)
        }
        // Off by default: the same click and claim on a site without a window match nothing.
        let other = TemporaryDirectory()
        let closed = try await Self.server(SiteFixture.served, in: other).application()
        try await closed.test(.router) { client in
            let (link, _) = try await Self.create(client)
            _ = try await Self.tap(client, link, agent: Self.iPhone)
            #expect(String(buffer: try await Self.claim(client, #"{"platform":"ios"}"#).body) == #"{"match":null}"#)
        }
    }
}
