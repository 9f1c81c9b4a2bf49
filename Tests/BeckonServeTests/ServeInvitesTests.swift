import BeckonServe
import BeckonStore
import BeckonStoreSQLite
import BeckonTestSupport
import CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InviteModel
import InviteSecurity
import NIOCore
import Testing

/// The invite API and links of `beckon serve` held in-process: an expired invite's page, the
/// sender's limit with idempotent retries, bulk creates, resends and erasure, and seed 003's accept
/// links answered by the state of the invite their token names.
@Suite struct ServeInvitesTests {
    typealias Client = any TestClientProtocol

    static func request(
        _ client: Client, _ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = ServeApplicationTests.auth
        fields.append(contentsOf: headers)
        return try await client.execute(
            uri: uri, method: method, headers: fields, body: body.map { ByteBuffer(string: $0) })
    }

    static func json(_ response: TestResponse) throws -> [String: Any] { try ServeApplicationTests.json(response) }

    /// An invite made 40 days ago (`ABCDEFGHJKMNPQR`, from Lea), as an earlier run of the server
    /// stored it in `folder`'s store: past its time, not yet swept.
    static func storeExpiredInvite(in folder: TemporaryDirectory) async throws -> Invite {
        let invite = Invite(
            senderID: "u_1", code: InviteCode("ABCDEFGHJKMNPQR")!, createdAt: Date().addingTimeInterval(-40 * 86_400),
            expiry: .friend)
        let store = try SQLiteInviteStore(path: folder.path("invites.sqlite").path)
        _ = try await store.create(
            InviteRecord(invite: invite, senderFirstName: "Lea"), limit: .friend, idempotencyKey: nil, requestHash: nil)
        return invite
    }

    @Test func anExpiredInviteShowsTheExpiredPageWithItsWayForward() async throws {
        let folder = TemporaryDirectory()
        let invite = try await Self.storeExpiredInvite(in: folder)
        try SiteFixture.write(SiteFixture.served, to: folder.path("site"))
        let app = try await ServeApplicationTests.server(site: folder.path("site"), in: folder).application()
        let keyring = LinkKeyring(
            keys: [LinkKey(id: "default", encodedSecret: BeckonBinary.testLinkKey)!], signingKeyID: "default")
        let link = keyring.sign(
            InviteLink(
                policy: LinkPolicy(host: "join.minimo.test"), target: .code(invite.code), expiresAt: invite.expiresAt)
        ).url
        try await app.test(.router) { client in
            let reply = try await client.execute(
                uri: ServeApplicationTests.path(link), method: .get, headers: [.acceptLanguage: "de-DE"])
            #expect(reply.status == .ok)
            let body = String(buffer: reply.body)
            #expect(body.contains("Diese Einladung ist abgelaufen"), "\(body.prefix(400))")
            // The built expired page, byte for byte (the way forward is the site's to write), but
            // for its preview's `og:url`: the invite's own link.
            let built = String(buffer: try await client.execute(uri: "/de-DE/expired/", method: .get).body)
            let escaped = link.replacingOccurrences(of: "&", with: "&amp;")
            #expect(
                body
                    == built.replacingOccurrences(
                        of: #"og:url" content="https://join.minimo.test/de-DE/expired/""#,
                        with: #"og:url" content="\#(escaped)""#))
        }
    }

    @Test func theSendersLimitAnswers429AndARetryNeverMakesASecondInvite() async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.served, to: folder.path("site"))
        // The site's words for a sender over the limit, in English and German.
        let locales = folder.path("site/locales")
        for (file, text) in [
            (
                "en-US.yml",
                "\napi:\n  tooMany:\n    message: \"You've sent a lot of invites today. Try again tomorrow.\"\n    external: true\n"
            ),
            (
                "de-DE.yml",
                "\napi:\n  tooMany: \"Du hast heute viele Einladungen verschickt. Versuch es morgen wieder.\"\n"
            ),
        ] {
            let url = locales.appendingPathComponent(file)
            try Data((try String(contentsOf: url, encoding: .utf8) + text).utf8).write(to: url)
        }
        let server = try await ServeApplicationTests.server(site: folder.path("site"), in: folder) {
            $0.rateLimitMessage = "api.tooMany"
        }
        try await server.application().test(.router) { client in
            let body = #"{"senderId":"u_9","channel":"copy_link"}"#
            func create(_ body: String, key: String? = nil) async throws -> TestResponse {
                try await Self.request(
                    client, .post, "/v1/invites", body,
                    headers: key.map { [HTTPField.Name("Idempotency-Key")!: $0] } ?? [:])
            }
            let first = try await create(body, key: "retry-1")
            let again = try await create(body, key: "retry-1")
            #expect(first.status == .created && again.status == .ok)
            #expect(try Self.json(first)["code"] as? String == Self.json(again)["code"] as? String)
            // The same members in another order and spacing are the same request.
            let reordered = try await create(#"{ "channel": "copy_link",  "senderId": "u_9" }"#, key: "retry-1")
            #expect(reordered.status == .ok)
            #expect(try Self.json(reordered)["code"] as? String == Self.json(first)["code"] as? String)
            let changed = try await create(
                #"{"senderId":"u_9","channel":"sms","recipient":"+14155550123"}"#, key: "retry-1")
            #expect(changed.status == .conflict)
            for _ in 2...50 { #expect(try await create(body).status == .created) }
            let limited = try await create(body)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(String(buffer: limited.body).contains("Try again tomorrow"))
            #expect(limited.headers[.contentType] == "application/problem+json")
            // The site's words for the sender, in the language the app asks for (seed 001 §8).
            #expect(
                try Self.json(limited)["message"] as? String
                    == "You've sent a lot of invites today. Try again tomorrow.")
            #expect(limited.headers[.contentLanguage] == "en-US")
            let german = try await Self.request(
                client, .post, "/v1/invites", body, headers: [.acceptLanguage: "de-AT, en;q=0.5"])
            #expect(german.status == .tooManyRequests)
            #expect(
                try Self.json(german)["message"] as? String
                    == "Du hast heute viele Einladungen verschickt. Versuch es morgen wieder.")
            #expect(german.headers[.contentLanguage] == "de-DE")
            // Another sender is not limited by this one.
            #expect(try await create(#"{"senderId":"u_10","channel":"copy_link"}"#).status == .created)
            let events = try Self.json(try await Self.request(client, .get, "/v1/events?after=0&limit=1000"))
            #expect((events["events"] as? [Any])?.count == 51)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains("beckon_rate_limited_total 2"))
            // SQLite looks every link up: nothing is kept between changes, so nothing is reported.
            #expect(!metrics.contains("beckon_link_lookups"))
        }
        // A key the bundles lack stops the server at start, saying which, before the store is opened.
        do {
            _ = try await ServeApplicationTests.server(site: folder.path("site"), in: folder) {
                $0.rateLimitMessage = "api.nope"
                $0.database = folder.path("other.sqlite").path
            }
            Issue.record("a missing rate-limit message started the server")
        } catch let error as ServeSetupError {
            #expect(error.rule == "serve.rate-limit-message", "\(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("other.sqlite").path))
    }

    @Test func bulkResendAndErasure() async throws {
        let folder = TemporaryDirectory()
        try await ServeApplicationTests.server(in: folder).application().test(.router) { client in
            // Two recipients that are the same person after normalising: refused before any invite.
            let duplicate = try await Self.request(
                client, .post, "/v1/invites/bulk",
                #"{"senderId":"u_5","senderFirstName":"Ida","recipients":[{"channel":"sms","recipient":"+1 415 555 0123"},{"channel":"email","recipient":"a@example.com"},{"channel":"sms","recipient":"+14155550123"}]}"#
            )
            #expect(duplicate.status == .badRequest)
            #expect(try Self.json(duplicate)["field"] as? String == "recipients[2]")
            let tooMany = (0..<21).map { #"{"channel":"sms","recipient":"+1415555\#(String(format: "%04d", $0))"}"# }
            let over = try await Self.request(
                client, .post, "/v1/invites/bulk",
                #"{"senderId":"u_5","recipients":[\#(tooMany.joined(separator: ","))]}"#)
            #expect(over.status == .badRequest)
            let none = try Self.json(try await Self.request(client, .get, "/v1/events?after=0"))
            #expect((none["events"] as? [Any])?.isEmpty == true)

            let bulk = try await Self.request(
                client, .post, "/v1/invites/bulk",
                #"{"senderId":"u_5","senderFirstName":"Ida","recipients":[{"channel":"sms","recipient":"+1 415 555 0123"},{"channel":"email","recipient":"a@example.com"}]}"#
            )
            #expect(bulk.status == .created, "\(String(buffer: bulk.body))")
            let invites = try #require(Self.json(bulk)["invites"] as? [[String: Any]])
            #expect(invites.map { $0["recipient"] as? String } == ["+14155550123", "a@example.com"])
            let code = try #require(invites.first?["code"] as? String)
            // A recipient's `null` is absent: it leaves the request's own locale in place.
            let nulls = try await Self.request(
                client, .post, "/v1/invites/bulk",
                #"{"senderId":"u_6","locale":"de-DE","recipients":[{"channel":"copy_link","locale":null}]}"#)
            #expect(nulls.status == .created, "\(String(buffer: nulls.body))")
            #expect((try Self.json(nulls)["invites"] as? [[String: Any]])?.first?["locale"] as? String == "de-DE")
            // The path is read as the router reads it: a member given twice is refused here too.
            let twice = try await Self.request(
                client, .post, "/v1//invites/bulk/",
                #"{"senderId":"u_6","senderId":"u_7","recipients":[{"channel":"copy_link"}]}"#)
            #expect(twice.status == .badRequest, "\(String(buffer: twice.body))")
            #expect(String(buffer: twice.body).contains("`senderId` appears twice"), "\(String(buffer: twice.body))")

            // A resend within five minutes of the send: 429 with Retry-After.
            #expect(try await Self.request(client, .post, "/v1/invites/\(code)/send").status == .ok)
            let resend = try await Self.request(client, .post, "/v1/invites/\(code)/resend")
            #expect(resend.status == .tooManyRequests)
            #expect(resend.headers[.retryAfter] != nil)

            // Erasing the sender clears the name and the recipient; the invite and its link stay.
            let erased = try Self.json(try await Self.request(client, .post, "/v1/users/u_5/erase"))
            #expect(erased["erased"] as? Int == 2)
            let after = try Self.json(try await Self.request(client, .get, "/v1/invites/\(code)"))
            #expect(
                after["senderFirstName"] == nil && after["recipient"] == nil && after["status"] as? String == "sent")
            let link = try #require(after["link"] as? String)
            #expect(try await client.execute(uri: ServeApplicationTests.path(link), method: .get).status == .ok)
        }
    }

    /// The served fixture with seed 003's invite tokens, and `extra` lines of `tokens:`.
    static func tokenSite(_ extra: String = "") -> String {
        SiteFixture.served.replacingOccurrences(
            of: "-- templates/layouts/page.mustache --",
            with: """
                tokens:
                  issuer: https://join.minimo.test
                  audience: minimo-accept
                  keyID: m1
                  days: 7
                  acceptURL: https://join.minimo.test/accept?token={token}
                """ + (extra.isEmpty ? "" : "\n" + extra) + "\n-- templates/layouts/page.mustache --")
    }

    /// A token site served in `folder` with a new RSA key, and a signer of tokens for an invite
    /// id (with that key, or another).
    static func tokenServer(
        _ site: String, in folder: TemporaryDirectory
    ) async throws -> (server: ServeServer, key: String, token: @Sendable (UUID, String) async throws -> String) {
        #expect(site.contains("acceptURL"))
        try SiteFixture.write(site, to: folder.path("site"))
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        let server = try await ServeApplicationTests.server(
            site: folder.path("site"), in: folder, environment: ["BECKON_TOKEN_KEY": key])
        let policy = TokenPolicy(
            issuer: "https://join.minimo.test", audience: "minimo-accept", keyID: "m1", maximumLifetime: 7 * 86_400)
        return (
            server, key,
            { id, key in
                let authority = try await TokenAuthority(privateKeyPEM: key, policy: policy)
                return try await authority.sign(
                    inviteID: id, email: EmailAddress("client@example.com")!, courseRef: "course_1", issuedAt: Date(),
                    expiresAt: Date().addingTimeInterval(86_400))
            }
        )
    }

    /// Seed 003's accept links: `/accept?token=JWT` answers by the state of the invite the token
    /// names; a token that does not verify gets the same 404 as a bad link.
    @Test func tokenLinksAnswerByTheirInvitesState() async throws {
        let folder = TemporaryDirectory()
        let (server, key, token) = try await Self.tokenServer(Self.tokenSite(), in: folder)
        try await server.application().test(.router) { client in
            let german: HTTPFields = [.acceptLanguage: "de"]
            let invite = try Self.json(
                try await Self.request(
                    client, .post, "/v1/invites",
                    #"{"senderId":"coach_1","channel":"email","recipient":"client@example.com"}"#))
            let idText = try #require(invite["id"] as? String)
            let id = try #require(UUID(uuidString: idText))
            let code = try #require(invite["code"] as? String)
            let signed = try await token(id, key)
            let page = try await Self.request(client, .get, "/accept?token=\(signed)", headers: german)
            #expect(page.status == .ok)
            #expect(String(buffer: page.body).contains("<html lang=\"de-DE\""))
            // A character in the middle of the signature changed (its last characters carry bits a
            // decoder may ignore, so changing them can leave the signature as it was).
            var characters = Array(signed)
            let middle = characters.count - 100
            characters[middle] = characters[middle] == "A" ? "B" : "A"
            let forged = try await Self.request(client, .get, "/accept?token=\(String(characters))", headers: german)
            #expect(forged.status == .notFound)
            #expect(try await Self.request(client, .get, "/accept").status == .notFound)
            #expect(try await Self.request(client, .post, "/v1/invites/\(code)/cancel").status == .ok)
            #expect(try await Self.request(client, .get, "/accept?token=\(signed)").status == .gone)
            // A token signed with another key names the invite, but does not verify.
            let other = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
            let foreign = try await token(id, other)
            #expect(try await Self.request(client, .get, "/accept?token=\(foreign)").status == .notFound)
        }
    }

    /// Seed 003 #17 and #26: with `tokens.signupURL`, a pending invite's token is sent on to the
    /// web sign-up page with the token (which prefills and locks the address there), and opens
    /// the invite; a cancelled invite's token keeps its gone page.
    @Test func aPendingInvitesTokenGoesOnToTheSignUpPage() async throws {
        let folder = TemporaryDirectory()
        let site = Self.tokenSite("  signupURL: https://app.minimo.test/signup?token={token}")
        let (server, key, token) = try await Self.tokenServer(site, in: folder)
        try await server.application().test(.router) { client in
            let invite = try Self.json(
                try await Self.request(
                    client, .post, "/v1/invites",
                    #"{"senderId":"coach_1","channel":"email","recipient":"client@example.com"}"#))
            let idText = try #require(invite["id"] as? String)
            let id = try #require(UUID(uuidString: idText))
            let code = try #require(invite["code"] as? String)
            let signed = try await token(id, key)
            let browser: HTTPFields = [.userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)"]
            let sent = try await client.execute(uri: "/accept?token=\(signed)", method: .get, headers: browser)
            #expect(sent.status == .found)
            #expect(sent.headers[.location] == "https://app.minimo.test/signup?token=\(signed)")
            #expect(sent.headers[.cacheControl] == "no-store")
            #expect(sent.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            let opened = try Self.json(try await Self.request(client, .get, "/v1/invites/\(code)"))
            #expect(opened["status"] as? String == "opened")
            // A forged token is still the same 404; a cancelled invite's token its gone page.
            let other = try await token(id, try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation)
            #expect(try await client.execute(uri: "/accept?token=\(other)", method: .get).status == .notFound)
            #expect(try await Self.request(client, .post, "/v1/invites/\(code)/cancel").status == .ok)
            let gone = try await client.execute(uri: "/accept?token=\(signed)", method: .get)
            #expect(gone.status == .gone && gone.headers[.location] == nil)
        }
    }

    /// Seed 000 E3 and R14: a batch of ten recipients or more is answered with a soft warning in
    /// the site's words and the request's language; a smaller one without.
    @Test func aLargeBatchGetsASoftWarningNeverARefusal() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            func batch(_ count: Int, sender: String) -> String {
                let recipients = (0..<count).map { _ in #"{"channel":"copy_link"}"# }.joined(separator: ",")
                return #"{"senderId":"\#(sender)","recipients":[\#(recipients)]}"#
            }
            let large = try await Self.request(
                client, .post, "/v1/invites/bulk", batch(10, sender: "u_1"), headers: [.acceptLanguage: "de"])
            #expect(large.status == .created)
            let warning = try #require(try Self.json(large)["softWarning"] as? [String: Any])
            #expect(warning["threshold"] as? Int == 10)
            #expect((warning["message"] as? String)?.hasPrefix("Viele Leute auf einmal?") == true, "\(warning)")
            #expect(warning["locale"] as? String == "de-DE")
            let small = try await Self.request(client, .post, "/v1/invites/bulk", batch(9, sender: "u_2"))
            #expect(small.status == .created)
            #expect(try Self.json(small)["softWarning"] == nil)
        }
    }

    /// `POST /v1/admin/sweep` expires every invite past its time at once, with its event.
    @Test func theSweepExpiresWhatIsPastItsTimeAtOnce() async throws {
        let folder = TemporaryDirectory()
        _ = try await Self.storeExpiredInvite(in: folder)
        try await ServeApplicationTests.server(in: folder).application().test(.router) { client in
            let fresh = try await Self.request(
                client, .post, "/v1/invites", #"{"senderId":"u_2","channel":"copy_link"}"#)
            #expect(fresh.status == .created)
            let swept = try await Self.request(client, .post, "/v1/admin/sweep")
            #expect(swept.status == .ok)
            #expect(try Self.json(swept)["expired"] as? Int == 1)
            let expired = try Self.json(try await Self.request(client, .get, "/v1/invites/ABCDEFGHJKMNPQR"))
            #expect(expired["status"] as? String == "expired")
            let events = try Self.json(try await Self.request(client, .get, "/v1/events?after=0"))
            #expect(
                (events["events"] as? [[String: Any]])?.contains { $0["event"] as? String == "invite_expired" } == true)
            #expect(try Self.json(try await Self.request(client, .post, "/v1/admin/sweep"))["expired"] as? Int == 0)
            // Without the token: 401, as every API operation.
            #expect(try await client.execute(uri: "/v1/admin/sweep", method: .post).status == .unauthorized)
        }
    }
}
