import BeckonServe
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// One-click unsubscribe on the default site, whose friend invitations are not transactional
/// (RFC 8058): the email carries its recipient's link in `List-Unsubscribe` with
/// `List-Unsubscribe-Post`; a GET only asks; a POST as a mail client sends it suppresses the
/// address; a later invite to it is 409 `recipient.suppressed` in the sender's language, and
/// nothing is stored; a made-up token is 404.
@Suite struct UnsubscribeTests {
    static func create(
        _ client: some TestClientProtocol, recipient: String, sender: String = "u_1", language: String? = nil
    ) async throws -> TestResponse {
        var headers = ServeApplicationTests.auth
        if let language { headers[.acceptLanguage] = language }
        return try await client.execute(
            uri: "/v1/invites", method: .post, headers: headers,
            body: ByteBuffer(
                string:
                    #"{"senderId":"\#(sender)","senderFirstName":"Ana","channel":"email","recipient":"\#(recipient)"}"#
            ))
    }

    /// The `List-Unsubscribe` URL of the invite's email, from the answer's MIME message.
    static func unsubscribeURL(_ answer: TestResponse) throws -> String? {
        let invite = try ServeApplicationTests.json(answer)
        let mime = try #require((invite["emails"] as? [[String: Any]])?.first?["mime"] as? String)
        #expect(mime.contains("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"))
        guard let line = mime.split(separator: "\r\n").first(where: { $0.hasPrefix("List-Unsubscribe: <") }) else {
            return nil
        }
        return String(line.dropFirst("List-Unsubscribe: <".count).dropLast())
    }

    @Test func aOneClickPostSuppressesTheAddressForLaterInvites() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            let first = try await Self.create(client, recipient: "Sam@Example.org")
            #expect(first.status == .created, "\(String(buffer: first.body))")
            let url = try #require(try Self.unsubscribeURL(first))
            #expect(url.hasPrefix("https://join.playa.app/unsubscribe/") && !url.lowercased().contains("sam"))
            let path = ServeApplicationTests.path(url)

            // A GET (a person, or a scanner following every link) only asks.
            var german: HTTPFields = [.acceptLanguage: "de-DE"]
            let asked = try await client.execute(uri: path, method: .get, headers: german)
            #expect(asked.status == .ok)
            let page = String(buffer: asked.body)
            #expect(page.contains("<form method=\"post\">") && page.contains("Abmelden"))
            #expect(asked.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            #expect(asked.headers[.cacheControl] == "no-store")
            #expect(try await Self.create(client, recipient: "sam@example.org", sender: "u_2").status == .created)

            // The mail client's one-click POST (RFC 8058 §3.2).
            german[.contentType] = "application/x-www-form-urlencoded"
            let posted = try await client.execute(
                uri: path, method: .post, headers: german, body: ByteBuffer(string: "List-Unsubscribe=One-Click"))
            #expect(posted.status == .ok)
            #expect(String(buffer: posted.body).contains("Erledigt"))
            // Again: the same answer, nothing more.
            #expect(try await client.execute(uri: path, method: .post, headers: german).status == .ok)

            let refused = try await Self.create(client, recipient: "SAM@example.org", sender: "u_3", language: "de-DE")
            #expect(refused.status == .conflict)
            let problem = try ServeApplicationTests.json(refused)
            #expect(problem["code"] as? String == "recipient.suppressed" && problem["field"] as? String == "recipient")
            #expect((problem["message"] as? String)?.hasPrefix("Diese Person möchte keine Einladungen") == true)
            #expect(refused.headers[.contentLanguage] == "de-DE")
            #expect(!String(buffer: refused.body).lowercased().contains("sam@"))
            let list = try ServeApplicationTests.json(
                try await client.execute(
                    uri: "/v1/users/u_3/invites", method: .get, headers: ServeApplicationTests.auth))
            #expect((list["invites"] as? [Any])?.isEmpty == true, "nothing stored for the refused invite")
            // The first invite, made before the unsubscribe, is not sent again either.
            let code = try #require(try ServeApplicationTests.json(first)["code"] as? String)
            let resent = try await client.execute(
                uri: "/v1/invites/\(code)/resend", method: .post, headers: ServeApplicationTests.auth)
            #expect(resent.status == .conflict)
            #expect(try ServeApplicationTests.json(resent)["code"] as? String == "recipient.suppressed")
            // Another address, and other channels, are not touched.
            #expect(try await Self.create(client, recipient: "kim@example.org", sender: "u_3").status == .created)

            // A bulk create naming the address is refused whole, the recipient named by its place.
            let bulk = try await client.execute(
                uri: "/v1/invites/bulk", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(
                    string:
                        #"{"senderId":"u_4","senderFirstName":"Ana","recipients":[{"channel":"email","recipient":"lee@example.org"},{"channel":"email","recipient":"sam@example.org"}]}"#
                ))
            #expect(bulk.status == .conflict)
            #expect(try ServeApplicationTests.json(bulk)["field"] as? String == "recipients[1]")

            // A made-up or changed token: 404, nothing stored.
            var changed = Array(path)
            changed[changed.count - 5] = changed[changed.count - 5] == "A" ? "B" : "A"
            #expect(try await client.execute(uri: String(changed), method: .post).status == .notFound)
            #expect(try await client.execute(uri: "/unsubscribe/not-a-token", method: .get).status == .notFound)
        }
    }

    @Test func aTransactionalSitesEmailsHaveNoUnsubscribeLink() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.selffull(in: folder).application()
        try await app.test(.router) { client in
            let created = try await client.execute(
                uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(
                    string:
                        #"{"senderId":"c_1","senderFirstName":"Dana","channel":"email","recipient":"kim@example.org","contextTitle":"Run"}"#
                ))
            #expect(created.status == .created, "\(String(buffer: created.body))")
            let mime = try #require(
                (try ServeApplicationTests.json(created)["emails"] as? [[String: Any]])?.first?["mime"] as? String)
            #expect(!mime.contains("List-Unsubscribe") && mime.contains("Auto-Submitted: auto-generated"))
            #expect(try await client.execute(uri: "/unsubscribe/x", method: .get).status == .notFound)
        }
    }
}
