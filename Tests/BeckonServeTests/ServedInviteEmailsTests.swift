import BeckonServe
import BeckonTestSupport
import Crypto
import CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// An email invite made through `beckon serve`'s API comes back with its own invitation email,
/// rendered by the site's email template with the sender's name and the invite's own link, and
/// with an outbox is written there as one `.eml` file that Python's `email` package reads
/// without a defect. An email that would break is not made; a retried request never writes a
/// second file. Held in-process.
@Suite struct ServedInviteEmailsTests {
    typealias Client = any TestClientProtocol

    /// The default site served with an outbox in `folder`.
    static func application(in folder: TemporaryDirectory) async throws -> some ApplicationProtocol {
        let server = try await ServeApplicationTests.server(site: Repository.root, in: folder) {
            $0.outbox = folder.path("outbox")
        }
        return try server.application()
    }

    /// The `.eml` files in the outbox, by name.
    static func files(_ folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path("outbox").path).sorted()
    }

    static func create(_ client: Client, _ fields: [String: String], key: String? = nil) async throws -> TestResponse {
        // Sorted keys: a retry sends the same bytes, as a client retrying a request does.
        let body = try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys)
        var headers = ServeApplicationTests.auth
        if let key { headers[HTTPField.Name("Idempotency-Key")!] = key }
        return try await client.execute(
            uri: "/v1/invites", method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    static func emails(_ response: TestResponse) throws -> [[String: Any]] {
        try #require(
            try ServeApplicationTests.json(response)["emails"] as? [[String: Any]],
            "\(String(buffer: response.body).prefix(300))")
    }

    @Test(.enabled(if: TestTool.python.isAvailable, "python3 is missing: run `make test-deps`"))
    func anEmailInviteComesWithItsOwnEmailInTheOutbox() async throws {
        let folder = TemporaryDirectory()
        try await Self.application(in: folder).test(.router) { client in
            let fields = [
                "senderId": "u_1", "senderFirstName": "<b>Zoë</b>", "channel": "email", "recipient": "kim@example.org",
                "locale": "de-DE",
            ]
            let created = try await Self.create(client, fields, key: "retry-1")
            #expect(created.status == .created, "\(String(buffer: created.body).prefix(300))")
            let link = try #require(try ServeApplicationTests.json(created)["link"] as? String)
            let email = try #require(try Self.emails(created).first)
            #expect(email["template"] as? String == "invite")
            // The sender's name, as text (escaped in HTML), in the invitee's language, with the
            // invite's own link.
            #expect(email["subject"] as? String == "<b>Zoë</b> hat dich zu Playa eingeladen")
            let html = try #require(email["html"] as? String)
            #expect(html.contains("&lt;b&gt;Zoë&lt;/b&gt;") && !html.contains("<b>Zoë"))
            #expect(html.contains(link.replacingOccurrences(of: "&", with: "&amp;")))
            #expect((email["text"] as? String)?.contains(link) == true)
            let mime = try #require(email["mime"] as? String)
            #expect(mime.contains("To: kim@example.org\r\n") && mime.contains("Content-Language: de-DE\r\n"))
            // The outbox holds exactly that message, under a name without the recipient.
            let files = try Self.files(folder)
            #expect(files.count == 1 && files[0].hasSuffix("-invite.eml") && !files[0].contains("kim"), "\(files)")
            #expect(email["outboxFile"] as? String == files.first)
            let file = folder.path("outbox").appendingPathComponent(files[0])
            #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == mime)

            // A retry with the same key answers the same invite and email, and writes nothing new.
            let retried = try await Self.create(client, fields, key: "retry-1")
            #expect(retried.status == .ok)
            #expect(try Self.emails(retried).first?["subject"] as? String == email["subject"] as? String)
            #expect(try Self.files(folder) == files)

            // Python's email package reads the message without a defect, and finds the link in both parts.
            let report = try Self.python(
                """
                import email, email.policy, sys
                message = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.default)
                defects = [d for part in message.walk() for d in part.defects]
                print(len(defects), message["To"], message.get_body(("plain",)).get_content().count(sys.argv[2]))
                """, file.path, link)
            #expect(report == "0 kim@example.org 1", "\(report)")
        }
    }

    @Test func anEmailThatWouldBreakIsNotMadeAndIsCounted() async throws {
        let folder = TemporaryDirectory()
        try await Self.application(in: folder).test(.router) { client in
            let long = String(repeating: "Bartholomew", count: 60)
            let created = try await Self.create(
                client,
                ["senderId": "u_2", "senderFirstName": long, "channel": "email", "recipient": "kim@example.org"])
            #expect(created.status == .created)
            let email = try #require(try Self.emails(created).first)
            #expect(email["html"] == nil && email["mime"] == nil)
            #expect((email["failedRules"] as? [String])?.contains("email.subject") == true, "\(email)")
            #expect(try Self.files(folder).isEmpty)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains("beckon_invite_email_failures_total{rule=\"email.subject\"}"), "\(metrics)")
            #expect(!metrics.contains("Bartholomew"))
            // An email invite without the sender's name is refused before anything is stored;
            // other channels get no email.
            let nameless = try await Self.create(
                client, ["senderId": "u_2", "channel": "email", "recipient": "kim@example.org"])
            #expect(nameless.status == .badRequest)
            #expect(try ServeApplicationTests.json(nameless)["field"] as? String == "senderFirstName")
            let copied = try await Self.create(
                client, ["senderId": "u_2", "senderFirstName": "Kim", "channel": "copy_link"])
            #expect(try ServeApplicationTests.json(copied)["emails"] == nil)
        }
    }

    /// Seed 003: the coach's email carries an accept link with a token signed for this invite,
    /// and that link opens the invite's own page.
    @Test func aTokenSitesEmailCarriesATokenForThisInvite() async throws {
        let folder = TemporaryDirectory()
        let server = try await ServeApplicationTests.selffull(in: folder)
        try await server.application().test(.router) { client in
            var fields = [
                "senderId": "coach_1", "senderFirstName": "Dana", "channel": "email", "recipient": "client@example.org",
            ]
            // The site's email names the course: an invite without one is refused, naming the field.
            let untitled = try await Self.create(client, fields)
            #expect(untitled.status == .badRequest)
            #expect(try ServeApplicationTests.json(untitled)["field"] as? String == "contextTitle")
            fields["contextTitle"] = "Strength basics"
            let created = try await Self.create(client, fields)
            #expect(created.status == .created, "\(String(buffer: created.body).prefix(300))")
            let text = try #require(try Self.emails(created).first?["text"] as? String)
            #expect(text.contains("Strength basics") && text.contains("Dana"))
            let accept = try #require(
                text.split(whereSeparator: \.isWhitespace).first {
                    $0.hasPrefix("https://app.selffull.io/accept?token=")
                })
            // The site has no landing page (the app opens the link): the token names this invite,
            // so once the coach cancels it the link answers the gone page.
            let code = try #require(try ServeApplicationTests.json(created)["code"] as? String)
            let cancel = try await client.execute(
                uri: "/v1/invites/\(code)/cancel", method: .post, headers: ServeApplicationTests.auth)
            #expect(cancel.status == .ok)
            let page = try await client.execute(uri: ServeApplicationTests.path(String(accept)), method: .get)
            #expect(page.status == .gone)
            let forged = ServeApplicationTests.path(String(accept.dropLast(4))) + "AAAA"
            #expect(try await client.execute(uri: forged, method: .get).status == .notFound)
        }
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
