import BeckonTestSupport
import Foundation
import Testing

/// One-click unsubscribe through the binary on the default site (friend invitations, not
/// transactional, RFC 8058): the delivered message carries `List-Unsubscribe` and
/// `List-Unsubscribe-Post` under its DKIM signature; the POST a mail client makes suppresses the
/// address, a later invite to it is refused, and an invitation still queued for it is never sent.
@Suite(.serialized) struct ServeUnsubscribeTests {
    /// A copy of the default site whose emails are signed as `beckon._domainkey.playa.app`.
    static func site(in folder: TemporaryDirectory) throws -> URL {
        try SiteFixture.copySigningSite(to: folder.path("site"))
    }

    static func create(_ serve: RunningServe, recipient: String) throws -> LoopbackHTTP.Reply {
        try serve.api(
            "POST", "/v1/invites",
            body: #"{"senderId":"u_1","senderFirstName":"Ana","channel":"email","recipient":"\#(recipient)"}"#)
    }

    /// The path of a message's `List-Unsubscribe` URL on the site's host.
    static func unsubscribePath(_ message: String) -> String? {
        // CRLF as the API writes a message, LF as the Maildir keeps it.
        let lines = message.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
        guard let line = lines.first(where: { $0.hasPrefix("List-Unsubscribe: <https://join.playa.app/") }) else {
            return nil
        }
        return String(line.dropFirst("List-Unsubscribe: <https://join.playa.app".count).dropLast())
    }

    @Test(
        .enabled(if: TestTool.postfix.isAvailable, "Postfix is the relay"),
        .enabled(if: TestTool.dkimpy.isAvailable, "dkimpy verifies the signature"))
    func theSignedOneClickLinkSuppressesTheAddress() async throws {
        let folder = TemporaryDirectory()
        let site = try Self.site(in: folder)
        let key = folder.path("dkim.pem")
        let keygen = try BeckonBinary.run(
            ["dkim", "keygen", "--selector", "beckon", "--domain", "playa.app", "--output", key.path])
        let line = try #require(keygen.stdout.split(separator: "\n").first { $0.contains("IN TXT") })
        let record = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element).joined()
        let postfix = try PostfixRelay()
        let serve = try RunningServe(
            site: site, database: folder.path("invites.sqlite"),
            arguments: ["--smtp", "smtp://127.0.0.1:\(postfix.port)?tls=none"],
            environment: ["BECKON_DKIM_KEY": key.path])
        #expect(try Self.create(serve, recipient: "sam@example.org").status == 201)
        let message = try #require(
            await postfix.waitForMessages(1, timeout: 120).first.map { String(decoding: $0, as: UTF8.self) })
        #expect(message.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"))
        #expect(!message.contains("Auto-Submitted"))
        // RFC 8058 §4: both headers are under the signature.
        let signature = message.components(separatedBy: "DKIM-Signature:").dropFirst().first ?? ""
        let tags = signature.replacingOccurrences(of: "\n", with: "")
            .replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\t", with: "")
        let signed = tags.components(separatedBy: ";h=").dropFirst().first?.prefix { $0 != ";" } ?? ""
        // Each listed once more than it occurs: one added on the way breaks the signature.
        #expect(
            signed.contains("list-unsubscribe:list-unsubscribe:list-unsubscribe-post:list-unsubscribe-post"),
            "\(signed)")
        #expect(
            try DKIMVerifier.failure(of: Array(message.utf8), name: "beckon._domainkey.playa.app", record: record)
                == nil)

        let path = try #require(Self.unsubscribePath(message))
        let posted = try serve.raw(
            "POST", path, body: Array("List-Unsubscribe=One-Click".utf8),
            headers: ["Content-Type: application/x-www-form-urlencoded"])
        #expect(posted.status == 200, "\(posted.body)")
        let refused = try Self.create(serve, recipient: "Sam@Example.org")
        #expect(refused.status == 409 && refused.body.contains("\"code\":\"recipient.suppressed\""), "\(refused.body)")
        try await Task.sleep(for: .milliseconds(500))
        #expect(postfix.messages().count == 1)
        #expect(serve.stop() == 0)
    }

    @Test func aQueuedInvitationToAnAddressThatUnsubscribedFails() async throws {
        let folder = TemporaryDirectory()
        // No relay listens: the invitation waits in the queue, retried each second.
        let port = try #require(LoopbackHTTP.freePort())
        let serve = try RunningServe(
            site: Repository.root, database: folder.path("invites.sqlite"),
            arguments: ["--smtp", "smtp://127.0.0.1:\(port)?tls=none", "--smtp-retry", "1"])
        let created = try Self.create(serve, recipient: "lee@example.org")
        #expect(created.status == 201)
        let invite = try ServeTests.json(created)
        let code = try #require(invite["code"] as? String)
        let mime = try #require((invite["emails"] as? [[String: Any]])?.first?["mime"] as? String)
        let path = try #require(Self.unsubscribePath(mime))
        #expect(try serve.raw("POST", path, headers: ["Content-Type: application/x-www-form-urlencoded"]).status == 200)
        let failed = try await ServeDeliveryTests.invite(serve, code) {
            ServeDeliveryTests.delivery($0)["state"] as? String == "failed"
        }
        let delivery = ServeDeliveryTests.delivery(failed)
        #expect(delivery["state"] as? String == "failed", "\(delivery)")
        #expect((delivery["lastReply"] as? String)?.contains("unsubscribed") == true, "\(delivery)")
        #expect(serve.stop() == 0)
    }
}
