import BeckonTestSupport
import Foundation
import InviteModel
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `beckon serve` as a process: one invite's life through the API, its link and the beacon; the
/// event loops chosen on the command line; kill -9 and SIGTERM; a broken site refused at start;
/// a deploy with the cache. Routes, limits and refusals that need no process are tested
/// in-process, in `BeckonServeTests`.
@Suite(.serialized) struct ServeTests {
    /// A site folder, a database beside it, and the server on them.
    struct Running {
        let folder = TemporaryDirectory()
        let server: RunningServe

        init(arguments: [String] = [], launcher: [String] = [], before: (URL) throws -> Void = { _ in }) throws {
            try SiteFixture.write(SiteFixture.served, to: folder.path("site"))
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

    /// The built files answer as the manifest says; a site with errors is refused at start.
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
            SiteFixture.replacing("name: Minimo", with: "nmae: Minimo", in: SiteFixture.served), to: broken.url)
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
        try SiteFixture.write(SiteFixture.served, to: site)
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
        #expect(records.contains { $0.hasSuffix(".record") })
        // The deploy: one German string changed.
        let bundle = site.appendingPathComponent("locales/de-DE.yml")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "hat dich zu", with: "lädt dich zu").utf8).write(to: bundle)
        let cached = try page(["--cache", cache.path], database: "b.sqlite")
        #expect(cached.contains("lädt dich zu") && !cached.contains("hat dich zu"))
        #expect(cached == (try page([], database: "c.sqlite")))
    }
}
