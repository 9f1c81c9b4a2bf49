import BeckonTestSupport
import Crypto
import Foundation
import Testing
import _CryptoExtras

/// An email invite made through `beckon serve`'s API comes back with its own invitation email,
/// rendered by the site's email template with the sender's name and the invite's own link, and
/// with `--outbox` is written there as one `.eml` file that Python's `email` package reads
/// without a defect. An email that would break is not made; a retried request never writes a
/// second file.
@Suite(.serialized) struct ServedInviteEmailsTests {
    /// The default site served with an outbox.
    struct Served {
        let folder = TemporaryDirectory()
        let server: RunningServe
        var outbox: URL { folder.path("outbox") }

        init(site: URL = Repository.root) throws {
            server = try RunningServe(
                site: site, database: folder.path("invites.sqlite"),
                arguments: ["--outbox", folder.path("outbox").path])
        }

        /// The `.eml` files in the outbox, by name.
        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: outbox.path).sorted()
        }
    }

    func create(_ server: RunningServe, _ fields: [String: String], key: String? = nil) throws -> LoopbackHTTP.Reply {
        // Sorted keys: a retry sends the same bytes, as a client retrying a request does.
        let body = try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys)
        return try server.api(
            "POST", "/v1/invites", body: String(decoding: body, as: UTF8.self),
            headers: key.map { ["Idempotency-Key: \($0)"] } ?? [])
    }

    static func emails(_ reply: LoopbackHTTP.Reply) throws -> [[String: Any]] {
        try #require(try ServeTests.json(reply)["emails"] as? [[String: Any]], "\(reply.body.prefix(300))")
    }

    @Test(.enabled(if: TestTool.python.isAvailable, "python3 is missing: run `make test-deps`"))
    func anEmailInviteComesWithItsOwnEmailInTheOutbox() throws {
        let served = try Served()
        let server = served.server
        defer { _ = server.stop() }
        let fields = [
            "senderId": "u_1", "senderFirstName": "<b>Zoë</b>", "channel": "email", "recipient": "kim@example.org",
            "locale": "de-DE",
        ]
        let created = try create(server, fields, key: "retry-1")
        #expect(created.status == 201, "\(created.body.prefix(300))")
        let invite = try ServeTests.json(created)
        let link = try #require(invite["link"] as? String)
        let email = try #require(try Self.emails(created).first)
        #expect(email["template"] as? String == "invite")
        // The sender's name, as text (escaped in HTML), in the invitee's language, with the invite's own link.
        #expect(email["subject"] as? String == "<b>Zoë</b> hat dich zu Playa eingeladen")
        let html = try #require(email["html"] as? String)
        #expect(html.contains("&lt;b&gt;Zoë&lt;/b&gt;") && !html.contains("<b>Zoë"))
        #expect(html.contains(link.replacingOccurrences(of: "&", with: "&amp;")))
        #expect((email["text"] as? String)?.contains(link) == true)
        let mime = try #require(email["mime"] as? String)
        #expect(mime.contains("To: kim@example.org\r\n") && mime.contains("Content-Language: de-DE\r\n"))
        // The outbox holds exactly that message, under a name without the recipient.
        let files = try served.files()
        #expect(files.count == 1 && files[0].hasSuffix("-invite.eml") && !files[0].contains("kim"), "\(files)")
        #expect(email["outboxFile"] as? String == files.first)
        let written = try Data(contentsOf: served.outbox.appendingPathComponent(files[0]))
        #expect(String(decoding: written, as: UTF8.self) == mime)

        // A retry with the same key answers the same invite and email, and writes nothing new.
        let retried = try create(server, fields, key: "retry-1")
        #expect(retried.status == 200)
        #expect(try Self.emails(retried).first?["subject"] as? String == email["subject"] as? String)
        #expect(try served.files() == files)

        // Python's email package reads the message without a defect, and finds the link in both parts.
        let report = try Self.python(
            """
            import email, email.policy, sys
            message = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.default)
            defects = [d for part in message.walk() for d in part.defects]
            print(len(defects), message["To"], message.get_body(("plain",)).get_content().count(sys.argv[2]))
            """, served.outbox.appendingPathComponent(files[0]).path, link)
        #expect(report == "0 kim@example.org 1", "\(report)")
    }

    @Test func anEmailThatWouldBreakIsNotMadeAndIsCounted() throws {
        let served = try Served()
        let server = served.server
        defer { _ = server.stop() }
        let long = String(repeating: "Bartholomew", count: 60)
        let created = try create(
            server, ["senderId": "u_2", "senderFirstName": long, "channel": "email", "recipient": "kim@example.org"])
        #expect(created.status == 201)
        let email = try #require(try Self.emails(created).first)
        #expect(email["html"] == nil && email["mime"] == nil)
        #expect((email["failedRules"] as? [String])?.contains("email.subject") == true, "\(email)")
        #expect(try served.files().isEmpty)
        let metrics = try server.raw("GET", "/metrics").body
        #expect(metrics.contains("beckon_invite_email_failures_total{rule=\"email.subject\"}"), "\(metrics)")
        #expect(!metrics.contains("Bartholomew"))
        // An email invite without the sender's name is refused before anything is stored; other channels get no email.
        let nameless = try create(server, ["senderId": "u_2", "channel": "email", "recipient": "kim@example.org"])
        #expect(nameless.status == 400)
        #expect(try ServeTests.json(nameless)["field"] as? String == "senderFirstName")
        let copied = try create(server, ["senderId": "u_2", "senderFirstName": "Kim", "channel": "copy_link"])
        #expect(try ServeTests.json(copied)["emails"] == nil)
    }

    /// Seed 003: the coach's email carries an accept link with a token signed for this invite,
    /// and that link opens the invite's own page.
    @Test func aTokenSitesEmailCarriesATokenForThisInvite() throws {
        let folder = TemporaryDirectory()
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        let server = try RunningBeckon(
            [
                "serve", "--site", Repository.root.appendingPathComponent("examples/selffull").path, "--port", "0",
                "--database", folder.path("invites.sqlite").path,
            ], environment: ["BECKON_API_TOKEN": RunningServe.token, "BECKON_TOKEN_KEY": key])
        defer { _ = server.stop(with: SIGTERM) }
        func post(_ fields: [String: String]) throws -> LoopbackHTTP.Reply {
            let body = Array(try JSONSerialization.data(withJSONObject: fields))
            let head =
                "POST /v1/invites HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Authorization: Bearer \(RunningServe.token)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.count)\r\n\r\n"
            return try LoopbackHTTP.raw(port: server.port, bytes: Array(head.utf8) + body)
        }
        var fields = [
            "senderId": "coach_1", "senderFirstName": "Dana", "channel": "email", "recipient": "client@example.org",
        ]
        // The site's email names the course: an invite without one is refused, naming the field.
        let untitled = try post(fields)
        #expect(untitled.status == 400)
        let field = try ServeTests.json(untitled)["field"] as? String
        #expect(field == "contextTitle")
        fields["contextTitle"] = "Strength basics"
        let created = try post(fields)
        #expect(created.status == 201, "\(created.body.prefix(300))")
        let text = try #require(try Self.emails(created).first?["text"] as? String)
        #expect(text.contains("Strength basics") && text.contains("Dana"))
        let accept = try #require(
            text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("https://app.selffull.io/accept?token=") })
        func get(_ path: String, method: String = "GET") throws -> LoopbackHTTP.Reply {
            let head =
                "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Authorization: Bearer \(RunningServe.token)\r\nContent-Length: 0\r\n\r\n"
            return try LoopbackHTTP.raw(port: server.port, bytes: Array(head.utf8))
        }
        // The site has no landing page (the app opens the link): the token names this invite, so
        // once the coach cancels it the link answers the gone page.
        let code = try #require(try ServeTests.json(created)["code"] as? String)
        #expect(try get("/v1/invites/\(code)/cancel", method: "POST").status == 200)
        let page = try get(ServeTests.path(String(accept)))
        #expect(page.status == 410, "\(page.head)")
        #expect(try get(ServeTests.path(String(accept.dropLast(4))) + "AAAA").status == 404)
    }

    /// Runs a Python script with arguments; its standard output, trimmed (what it says on standard
    /// error is read and dropped).
    static func python(_ script: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = try #require(TestTool.program("python3"))
        process.arguments = ["-c", script] + arguments
        let (_, data, _) = try CapturedRun.run(process)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
