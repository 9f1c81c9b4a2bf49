import BeckonStore
import BeckonStoreSQLite
import BeckonTestSupport
import CryptoExtras
import Foundation
import InviteModel
import InviteSecurity
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `beckon serve` as an invite service uses it: invites created through the API, their links
/// answered by their state in the visitor's language, the beacon, rate limits, idempotent
/// retries, and every bad request refused with a problem naming the field.
@Suite(.serialized) struct ServeTests {
    static let site = SiteFixture.replacing(
        "samples:", with: "analytics:\n  endpoint: https://join.minimo.test/e\nsamples:", in: SiteFixture.minimal)

    /// A site folder, a database beside it, and the server on them.
    struct Running {
        let folder = TemporaryDirectory()
        let server: RunningServe

        init(arguments: [String] = [], launcher: [String] = [], before: (URL) throws -> Void = { _ in }) throws {
            try SiteFixture.write(ServeTests.site, to: folder.path("site"))
            try before(folder.path("invites.sqlite"))
            server = try RunningServe(
                site: folder.path("site"), database: folder.path("invites.sqlite"), arguments: arguments,
                launcher: launcher)
        }
    }

    static func json(_ reply: LoopbackHTTP.Reply) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any], "\(reply.body)")
    }

    /// The path and query of an absolute link.
    static func path(_ link: String) -> String {
        guard let range = link.range(of: "://") else { return link }
        let rest = link[range.upperBound...]
        return String(rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...])
    }

    func create(_ server: RunningServe, _ body: String, key: String? = nil) throws -> LoopbackHTTP.Reply {
        try server.api("POST", "/v1/invites", body: body, headers: key.map { ["Idempotency-Key: \($0)"] } ?? [])
    }

    @Test func anInviteLivesThroughItsLinkAndTheAPI() throws {
        let running = try Running()
        let server = running.server
        defer { _ = server.stop() }

        let created = try create(
            server, #"{"senderId":"u_42","senderFirstName":"Maya","channel":"sms","recipient":"+44 7700 900123"}"#)
        #expect(created.status == 201, "\(created.body)")
        let invite = try Self.json(created)
        let link = try #require(invite["link"] as? String)
        let code = try #require(invite["code"] as? String)
        #expect(link.hasPrefix("https://join.minimo.test/invite/\(code)?"))
        #expect(invite["recipient"] as? String == "+447700900123")

        // The link answers the landing page in the visitor's language.
        let german = try server.raw("GET", Self.path(link), headers: ["Accept-Language: de-AT, en;q=0.5"])
        #expect(german.status == 200)
        #expect(german.body.contains("<html lang=\"de-DE\""), "\(german.body.prefix(300))")
        let head = german.head.lowercased()
        #expect(head.contains("referrer-policy: no-referrer") && head.contains("x-robots-tag: noindex"))
        #expect(
            head.contains("cache-control: no-store") && head.contains("content-security-policy: default-src 'self'"))
        #expect(try server.raw("GET", Self.path(link)).body.contains("<html lang=\"en-US\""))

        // A crawler's beacon is not an open, nor one with a bare code; a person's with the signed
        // link the page was opened at is, once.
        let bare = #"{"event":"invite_link_opened","code":"\#(code)"}"#
        let browser =
            "User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
        #expect(try server.raw("POST", "/e", body: Array(bare.utf8), headers: [browser]).status == 204)
        let forged =
            #"{"event":"invite_link_opened","link":"\#(Self.path(link).replacingOccurrences(of: "sig=", with: "sig=A"))"}"#
        #expect(try server.raw("POST", "/e", body: Array(forged.utf8), headers: [browser]).status == 204)
        let beacon =
            #"{"event":"invite_link_opened","code":"\#(code)","context":"generic","variant":null,"locale":"en-US","link":"\#(Self.path(link))"}"#
        let crawler = try server.raw(
            "POST", "/e", body: Array(beacon.utf8), headers: ["User-Agent: WhatsApp/2.23.20.0"])
        #expect(crawler.status == 204)
        #expect(try Self.json(server.api("GET", "/v1/invites/\(code)"))["status"] as? String == "created")
        #expect(try server.raw("POST", "/e", body: Array(beacon.utf8), headers: [browser]).status == 204)
        #expect(try server.raw("POST", "/e", body: Array(beacon.utf8), headers: [browser]).status == 204)
        let opened = try Self.json(server.api("GET", "/v1/invites/\(code)"))
        #expect(opened["status"] as? String == "opened")

        // Accepted: the link still answers, now as already accepted.
        let accepted = try server.api("POST", "/v1/invites/\(code)/accept", body: #"{"inviteeId":"u_7"}"#)
        #expect(try Self.json(accepted)["status"] as? String == "accepted", "\(accepted.body)")
        #expect(try server.raw("GET", Self.path(link)).status == 200)
        #expect(try server.api("POST", "/v1/invites/\(code)/cancel").status == 409)

        // Another invite, cancelled: 410 with the gone page, in German.
        let other = try Self.json(create(server, #"{"senderId":"u_42","channel":"copy_link"}"#))
        let otherCode = try #require(other["code"] as? String)
        #expect(try server.api("POST", "/v1/invites/\(otherCode)/cancel").status == 200)
        let gone = try server.raw(
            "GET", Self.path(try #require(other["link"] as? String)), headers: ["Accept-Language: de"])
        #expect(gone.status == 410)
        #expect(gone.body.contains("Diese Einladung wurde zurückgezogen") || gone.body.contains("lang=\"de-DE\""))

        // A tampered link, an unknown code and a malformed one: the same 404.
        let tampered = link.replacingOccurrences(of: "sig=", with: "sig=A")
        let unknown = try server.raw("GET", "/invite/ZZZZZZZZZZZZZZZ?exp=1&kid=default&sig=x")
        for path in [Self.path(tampered), "/invite/\(code)", "/invite/%00"] {
            let reply = try server.raw("GET", path)
            #expect(reply.status == 404, "\(path)")
            #expect(reply.body == unknown.body)
        }

        // The events, in order, with ids only.
        let events = try Self.json(server.api("GET", "/v1/events?after=0"))
        let names = (events["events"] as? [[String: Any]] ?? []).map { $0["event"] as? String ?? "" }
        #expect(
            names == [
                "invite_created", "invite_sent", "invite_link_opened", "invite_accepted", "invite_created",
                "invite_cancelled",
            ], "\(names)")
        #expect(try !server.api("GET", "/v1/events?after=0").body.contains("Maya"))
        let list = try Self.json(server.api("GET", "/v1/users/u_42/invites"))
        #expect((list["invites"] as? [[String: Any]])?.count == 2)
        #expect(server.stop() == 0)
    }

    @Test func anExpiredInviteShowsTheExpiredPageWithItsWayForward() throws {
        var code = InviteCode("ABCDEFGHJKMNPQR")!
        var expiresAt = Date()
        let running = try Running { database in
            // An invite made 40 days ago, as an earlier run of the server stored it.
            let store = try SQLiteInviteStore(path: database.path)
            let invite = Invite(
                senderID: "u_1", code: code, createdAt: Date().addingTimeInterval(-40 * 86_400), expiry: .friend)
            code = invite.code
            expiresAt = invite.expiresAt
            let semaphore = DispatchSemaphore(value: 0)
            Task {
                _ = try? await store.create(
                    InviteRecord(invite: invite, senderFirstName: "Lea"), limit: .friend, idempotencyKey: nil,
                    requestHash: nil)
                semaphore.signal()
            }
            semaphore.wait()
        }
        let server = running.server
        defer { _ = server.stop() }
        let keyring = LinkKeyring(
            keys: [LinkKey(id: "default", encodedSecret: BeckonBinary.testLinkKey)!], signingKeyID: "default")
        let link = keyring.sign(
            InviteLink(policy: LinkPolicy(host: "join.minimo.test"), target: .code(code), expiresAt: expiresAt)
        ).url
        let reply = try server.raw("GET", Self.path(link), headers: ["Accept-Language: de-DE"])
        #expect(reply.status == 200)
        #expect(reply.body.contains("Diese Einladung ist abgelaufen"), "\(reply.body.prefix(400))")
        // The built expired page, byte for byte (the way forward is the site's to write).
        #expect(reply.body == (try server.raw("GET", "/de-DE/expired/").body))
    }

    @Test func theSendersLimitAnswers429AndARetryNeverMakesASecondInvite() throws {
        // The site's words for a sender over the limit, in English and German.
        let running = try Running(arguments: ["--rate-limit-message", "api.tooMany"]) { database in
            let locales = database.deletingLastPathComponent().appendingPathComponent("site/locales")
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
        }
        let server = running.server
        defer { _ = server.stop() }
        let body = #"{"senderId":"u_9","channel":"copy_link"}"#
        let first = try create(server, body, key: "retry-1")
        let again = try create(server, body, key: "retry-1")
        #expect(first.status == 201 && again.status == 200)
        #expect(try Self.json(first)["code"] as? String == Self.json(again)["code"] as? String)
        // The same members in another order and spacing are the same request.
        let reordered = try create(server, #"{ "channel": "copy_link",  "senderId": "u_9" }"#, key: "retry-1")
        #expect(reordered.status == 200)
        #expect(try Self.json(reordered)["code"] as? String == Self.json(first)["code"] as? String)
        #expect(
            try create(server, #"{"senderId":"u_9","channel":"sms","recipient":"+14155550123"}"#, key: "retry-1").status
                == 409)
        for _ in 2...50 { #expect(try create(server, body).status == 201) }
        let limited = try create(server, body)
        #expect(limited.status == 429)
        #expect(limited.head.lowercased().contains("retry-after: "))
        #expect(limited.body.contains("Try again tomorrow"))
        #expect(limited.head.lowercased().contains("content-type: application/problem+json"))
        // The site's words for the sender, in the language the app asks for (seed 001 §8).
        #expect(
            try Self.json(limited)["message"] as? String == "You've sent a lot of invites today. Try again tomorrow.")
        #expect(limited.head.lowercased().contains("content-language: en-us"))
        let german = try server.api("POST", "/v1/invites", body: body, headers: ["Accept-Language: de-AT, en;q=0.5"])
        #expect(german.status == 429)
        #expect(
            try Self.json(german)["message"] as? String
                == "Du hast heute viele Einladungen verschickt. Versuch es morgen wieder.")
        #expect(german.head.lowercased().contains("content-language: de-de"))
        // Another sender is not limited by this one.
        #expect(try create(server, #"{"senderId":"u_10","channel":"copy_link"}"#).status == 201)
        let events = try Self.json(server.api("GET", "/v1/events?after=0&limit=1000"))
        #expect((events["events"] as? [Any])?.count == 51)
        // A key the bundles lack stops the server at start, saying which.
        let wrong = try BeckonBinary.run(
            [
                "serve", "--site", running.folder.path("site").path, "--port", "0", "--rate-limit-message", "api.nope",
                "--database", running.folder.path("other.sqlite").path,
            ], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("serve.rate-limit-message"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: running.folder.path("other.sqlite").path))
        let metrics = try server.raw("GET", "/metrics").body
        #expect(metrics.contains("beckon_rate_limited_total 2"))
        // SQLite looks every link up: nothing is kept between changes, so nothing is reported.
        #expect(!metrics.contains("beckon_link_lookups"))
    }

    /// `--event-loops` sets how many threads serve; Swift's tasks run on them (the server would
    /// say so at start if the runtime did not let them); one out of range stops the server before
    /// it opens anything.
    @Test func eventLoopsAreChosenOrRefused() throws {
        let running = try Running(arguments: ["--event-loops", "3"])
        defer { _ = running.server.stop() }
        #expect(try running.server.raw("GET", "/healthz").status == 200)
        #expect(!running.server.running.standardError.contains("could not be moved onto the event loops"))
        let refused = try BeckonBinary.run(
            [
                "serve", "--site", running.folder.path("site").path, "--port", "0", "--event-loops", "0",
                "--database", running.folder.path("other.sqlite").path,
            ], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("`--event-loops` must be from 1 to 256"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: running.folder.path("other.sqlite").path))
    }

    @Test func bulkResendAndErasure() throws {
        let running = try Running()
        let server = running.server
        defer { _ = server.stop() }
        // Two recipients that are the same person after normalising: refused before any invite.
        let duplicate = try server.api(
            "POST", "/v1/invites/bulk",
            body:
                #"{"senderId":"u_5","senderFirstName":"Ida","recipients":[{"channel":"sms","recipient":"+1 415 555 0123"},{"channel":"email","recipient":"a@example.com"},{"channel":"sms","recipient":"+14155550123"}]}"#
        )
        #expect(duplicate.status == 400)
        #expect(try Self.json(duplicate)["field"] as? String == "recipients[2]")
        let tooMany = (0..<21).map { #"{"channel":"sms","recipient":"+1415555\#(String(format: "%04d", $0))"}"# }
        let over = try server.api(
            "POST", "/v1/invites/bulk", body: #"{"senderId":"u_5","recipients":[\#(tooMany.joined(separator: ","))]}"#)
        #expect(over.status == 400)
        #expect((try Self.json(server.api("GET", "/v1/events?after=0"))["events"] as? [Any])?.isEmpty == true)

        let bulk = try server.api(
            "POST", "/v1/invites/bulk",
            body:
                #"{"senderId":"u_5","senderFirstName":"Ida","recipients":[{"channel":"sms","recipient":"+1 415 555 0123"},{"channel":"email","recipient":"a@example.com"}]}"#
        )
        #expect(bulk.status == 201, "\(bulk.body)")
        let invites = try #require(Self.json(bulk)["invites"] as? [[String: Any]])
        #expect(invites.map { $0["recipient"] as? String } == ["+14155550123", "a@example.com"])
        let code = try #require(invites.first?["code"] as? String)
        // A recipient's `null` is absent: it leaves the request's own locale in place.
        let nulls = try server.api(
            "POST", "/v1/invites/bulk",
            body: #"{"senderId":"u_6","locale":"de-DE","recipients":[{"channel":"copy_link","locale":null}]}"#)
        #expect(nulls.status == 201, "\(nulls.body)")
        #expect((try Self.json(nulls)["invites"] as? [[String: Any]])?.first?["locale"] as? String == "de-DE")
        // The path is read as the router reads it: a member given twice is refused here too.
        let twice = try server.api(
            "POST", "/v1//invites/bulk/",
            body: #"{"senderId":"u_6","senderId":"u_7","recipients":[{"channel":"copy_link"}]}"#)
        #expect(twice.status == 400, "\(twice.body)")
        #expect(twice.body.contains("`senderId` appears twice"), "\(twice.body)")

        // A resend within five minutes of the send: 429 with Retry-After.
        #expect(try server.api("POST", "/v1/invites/\(code)/send").status == 200)
        let resend = try server.api("POST", "/v1/invites/\(code)/resend")
        #expect(resend.status == 429)
        #expect(resend.head.lowercased().contains("retry-after: "))

        // Erasing the sender clears the name and the recipient; the invite and its link stay.
        let erased = try Self.json(server.api("POST", "/v1/users/u_5/erase"))
        #expect(erased["erased"] as? Int == 2)
        let after = try Self.json(server.api("GET", "/v1/invites/\(code)"))
        #expect(after["senderFirstName"] == nil && after["recipient"] == nil && after["status"] as? String == "sent")
        let link = try #require(after["link"] as? String)
        #expect(try server.raw("GET", Self.path(link)).status == 200)
    }

    /// Clients retrying with their idempotency keys after the server was killed with SIGKILL in the
    /// middle of 1,000 creates: every request made exactly one invite, none was lost or doubled.
    @Test func aKilledServerLosesAndDuplicatesNothingWhenClientsRetry() throws {
        let running = try Running(arguments: ["--invites-per-day", "5000"])
        var killed = false
        var answered: [Int: String] = [:]
        for index in 0..<1_000 {
            if index == 400 {
                kill(running.server.process.processIdentifier, SIGKILL)
                running.server.process.waitUntilExit()
                killed = true
                break
            }
            let reply = try create(
                running.server, #"{"senderId":"u_\#(index % 7)","channel":"copy_link"}"#, key: "k-\(index)")
            if reply.status == 201, let code = try Self.json(reply)["code"] as? String { answered[index] = code }
        }
        #expect(killed)
        // The same database, a new process; every client retries every request it made or meant to.
        let server = try RunningServe(
            site: running.folder.path("site"), database: running.folder.path("invites.sqlite"),
            arguments: ["--invites-per-day", "5000"])
        defer { _ = server.stop() }
        var codes: Set<String> = []
        for index in 0..<1_000 {
            let reply = try create(server, #"{"senderId":"u_\#(index % 7)","channel":"copy_link"}"#, key: "k-\(index)")
            #expect(reply.status == 201 || reply.status == 200, "\(index): \(reply.status)")
            let code = try #require(try Self.json(reply)["code"] as? String)
            if let first = answered[index] { #expect(first == code, "request \(index) got another invite on retry") }
            codes.insert(code)
        }
        #expect(codes.count == 1_000)
        var events = 0
        var after = 0
        while true {
            let page = try Self.json(server.api("GET", "/v1/events?after=\(after)&limit=1000"))
            let list = page["events"] as? [[String: Any]] ?? []
            if list.isEmpty { break }
            events += list.count
            after = page["next"] as? Int ?? after
        }
        #expect(events == 1_000, "one invite_created per invite")
        withExtendedLifetime(running) {}
    }

    /// SIGTERM lets the request in flight finish: a create whose body is still arriving when the
    /// signal comes is answered whole, and the server then exits 0.
    @Test func sigtermAnswersTheRequestsInFlight() throws {
        let running = try Running()
        let server = running.server
        let body = Array(#"{"senderId":"u_1","channel":"copy_link"}"#.utf8)
        let head =
            "POST /v1/invites HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(RunningServe.token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let socket = try LoopbackHTTP.openIdle(port: server.port)
        defer { close(socket) }
        LoopbackHTTP.write(socket, Array(head.utf8) + body.prefix(10))
        usleep(300_000)
        kill(server.process.processIdentifier, SIGTERM)
        usleep(300_000)
        LoopbackHTTP.write(socket, Array(body.dropFirst(10)))
        let reply = LoopbackHTTP.reply(socket, timeout: 15)
        #expect(reply.status == 201, "\(reply.head)")
        #expect(reply.body.contains("\"code\""))
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    /// Seed 003's accept links: `/accept?token=JWT` answers by the state of the invite the token
    /// names; a token that does not verify gets the same 404 as a bad link.
    @Test func tokenLinksAnswerByTheirInvitesState() throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try SiteFixture.write(Self.site, to: site)
        let config = site.appendingPathComponent("beckon.yml")
        try Data(
            (try String(contentsOf: config, encoding: .utf8)
                + "tokens:\n  issuer: https://join.minimo.test\n  audience: minimo-accept\n  keyID: m1\n  days: 7\n"
                + "  acceptURL: https://join.minimo.test/accept?token={token}\n").utf8
        ).write(to: config)
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        let server = try RunningBeckon(
            ["serve", "--site", site.path, "--port", "0", "--database", folder.path("invites.sqlite").path],
            environment: ["BECKON_API_TOKEN": RunningServe.token, "BECKON_TOKEN_KEY": key])
        defer { _ = server.stop(with: SIGTERM) }
        func request(
            _ method: String, _ path: String, _ body: String = "", language: String = "de"
        ) throws
            -> LoopbackHTTP.Reply
        {
            let bytes = Array(body.utf8)
            var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            head += "Authorization: Bearer \(RunningServe.token)\r\nAccept-Language: \(language)\r\n"
            if method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\n" }
            return try LoopbackHTTP.raw(port: server.port, bytes: Array((head + "\r\n").utf8) + bytes)
        }
        let invite = try Self.json(
            request(
                "POST", "/v1/invites", #"{"senderId":"coach_1","channel":"email","recipient":"client@example.com"}"#))
        let id = try #require(invite["id"] as? String)
        let code = try #require(invite["code"] as? String)
        let sign = try BeckonBinary.run(
            [
                "token", "sign", "--site", site.path, "--invite-id", id, "--email", "client@example.com", "--course",
                "course_1",
            ], environment: ["BECKON_TOKEN_KEY": key])
        #expect(sign.status == 0, "\(sign.stderr)")
        let token = sign.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let page = try request("GET", "/accept?token=\(token)")
        #expect(page.status == 200)
        #expect(page.body.contains("<html lang=\"de-DE\""))
        // A character in the middle of the signature changed (its last characters carry bits a
        // decoder may ignore, so changing them can leave the signature as it was).
        var characters = Array(token)
        let middle = characters.count - 100
        characters[middle] = characters[middle] == "A" ? "B" : "A"
        let forged = try request("GET", "/accept?token=\(String(characters))")
        #expect(forged.status == 404)
        #expect(try request("GET", "/accept").status == 404)
        #expect(try request("POST", "/v1/invites/\(code)/cancel").status == 200)
        #expect(try request("GET", "/accept?token=\(token)").status == 410)
        // A token signed with another key names the invite, but does not verify.
        let other = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        let foreign = try BeckonBinary.run(
            [
                "token", "sign", "--site", site.path, "--invite-id", id, "--email", "client@example.com", "--course",
                "course_1",
            ], environment: ["BECKON_TOKEN_KEY": other])
        let foreignToken = foreign.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try request("GET", "/accept?token=\(foreignToken)").status == 404)
    }

    /// Every bad request: a 400 problem naming the field, and nothing stored.
    @Test func itServesTheBuiltFilesAsTheManifestSaysAndRefusesABrokenSite() throws {
        let running = try Running()
        let server = running.server
        defer { _ = server.stop() }
        let entry = try server.raw("GET", "/", headers: ["Accept-Language: de"])
        #expect(entry.status == 302 && entry.head.contains("Location: /de-DE/invite/"))
        let association = try server.raw("GET", "/.well-known/apple-app-site-association")
        #expect(association.status == 200 && association.head.lowercased().contains("content-type: application/json"))
        #expect(try server.raw("GET", "/en-US/gone/").status == 410)
        #expect(try server.raw("GET", "/../beckon.yml").status == 404)
        #expect(try server.raw("GET", "/healthz").status == 200)

        let broken = TemporaryDirectory()
        try SiteFixture.write(
            SiteFixture.replacing("name: Minimo", with: "nmae: Minimo", in: ServeTests.site), to: broken.url)
        let run = try BeckonBinary.run(
            ["serve", "--site", broken.url.path, "--port", "0", "--database", broken.path("db.sqlite").path],
            environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains("config.unknown-key") && run.stderr.contains("error[serve.build]"),
            "\(run.stdout)\(run.stderr)")
    }
}

/// `beckon serve --cache DIR`: the build at start keeps its results there, and the next start (a
/// deploy) serves the edited site exactly as a start without the cache does.
@Suite(.serialized) struct ServeCacheTests {
    @Test func aDeployWithTheCacheServesTheEditedSite() throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try SiteFixture.write(ServeTests.site, to: site)
        let cache = folder.path("cache")
        func page(_ arguments: [String], database: String) throws -> String {
            let server = try RunningServe(site: site, database: folder.path(database), arguments: arguments)
            defer { _ = server.stop() }
            let reply = try server.raw("GET", "/de-DE/invite/")
            #expect(reply.status == 200)
            return reply.body
        }
        let before = try page(["--cache", cache.path], database: "a.sqlite")
        #expect(before.contains("hat dich zu"))
        let records = try FileManager.default.subpathsOfDirectory(atPath: cache.appendingPathComponent("steps").path)
        #expect(records.contains { $0.hasSuffix(".json") })
        // The deploy: one German string changed.
        let bundle = site.appendingPathComponent("locales/de-DE.yml")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "hat dich zu", with: "lädt dich zu").utf8).write(to: bundle)
        let cached = try page(["--cache", cache.path], database: "b.sqlite")
        #expect(cached.contains("lädt dich zu") && !cached.contains("hat dich zu"))
        #expect(cached == (try page([], database: "c.sqlite")))
    }
}
