import BeckonTestSupport
import CryptoExtras
import Foundation
import Testing

/// `beckon serve --smtp` on examples/selffull (seed 003, email first), as a team runs it: an
/// API create → the invitation in a real relay's Maildir, DKIM-signed (dkimpy verifies it
/// against the record `beckon dkim keygen` printed) → the invite `sent`; and the faults a relay
/// has, through a scripted one: deferrals retried, a refusal failed with its reply and retried
/// on request.
@Suite(.serialized) struct ServeDeliveryTests {
    /// A copy of selffull whose emails are signed as `beckon._domainkey.selffull.io`.
    static func selffull(in folder: TemporaryDirectory) throws -> URL {
        try SiteFixture.copySigningSite(
            from: Repository.root.appendingPathComponent("examples/selffull"), to: folder.path("site"))
    }

    static let tokenKey = (try? _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation) ?? ""

    static let create =
        #"{"senderId":"coach_1","senderFirstName":"Dana","channel":"email","recipient":"kim@example.org","contextTitle":"Strength basics"}"#

    /// `beckon dkim keygen` into the folder: the key's file and the TXT record's value.
    static func keygen(in folder: TemporaryDirectory) throws -> (key: URL, record: String) {
        let key = folder.path("dkim.pem")
        let run = try BeckonBinary.run(
            ["dkim", "keygen", "--selector", "beckon", "--domain", "selffull.io", "--output", key.path])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("IN TXT") })
        #expect(line.hasPrefix("beckon._domainkey.selffull.io. IN TXT ("))
        // The value's quoted strings, joined as a resolver joins them.
        let record = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element).joined()
        let mode = try FileManager.default.attributesOfItem(atPath: key.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        return (key, record)
    }

    /// The invite as the API has it now, polled until `done` holds or 60 seconds passed (a loaded
    /// machine running every suite at once can take longer than 20 for a retried delivery).
    static func invite(
        _ serve: RunningServe, _ code: String, until done: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        var invite: [String: Any] = [:]
        for _ in 0..<600 {
            invite = try ServeTests.json(try serve.api("GET", "/v1/invites/\(code)"))
            if done(invite) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return invite
    }

    static func delivery(_ invite: [String: Any]) -> [String: Any] { invite["delivery"] as? [String: Any] ?? [:] }

    @Test(
        .enabled(if: TestTool.postfix.isAvailable, "Postfix is the relay"),
        .enabled(if: TestTool.dkimpy.isAvailable, "dkimpy verifies the signature"))
    func anEmailInviteReachesPostfixSignedAndTheInviteIsSent() async throws {
        let folder = TemporaryDirectory()
        let site = try Self.selffull(in: folder)
        let (key, record) = try Self.keygen(in: folder)
        let postfix = try PostfixRelay()
        let serve = try RunningServe(
            site: site, database: folder.path("invites.sqlite"),
            arguments: ["--smtp", "smtp://127.0.0.1:\(postfix.port)?tls=none"],
            environment: ["BECKON_TOKEN_KEY": Self.tokenKey, "BECKON_DKIM_KEY": key.path])
        let created = try serve.api("POST", "/v1/invites", body: Self.create)
        #expect(created.status == 201, "\(created.body)")
        let invite = try ServeTests.json(created)
        let code = try #require(invite["code"] as? String)
        #expect(Self.delivery(invite)["state"] as? String == "queued")
        let messageID = try #require(Self.delivery(invite)["messageId"] as? String)
        // The answer's message is the one queued: the same `Message-ID`.
        let answered = try #require((invite["emails"] as? [[String: Any]])?.first?["mime"] as? String)
        #expect(answered.contains("Message-ID: <\(messageID)>"))

        let messages = await postfix.waitForMessages(1)
        #expect(messages.count == 1, "\((try? String(contentsOf: postfix.log, encoding: .utf8)) ?? "")")
        let message = try #require(messages.first)
        let text = String(decoding: message, as: UTF8.self)
        #expect(text.contains("Message-ID: <\(messageID)>"))
        #expect(text.contains("Content-Type: multipart/alternative"))
        #expect(text.hasPrefix("Return-Path: <invites@selffull.io>"))
        #expect(
            try DKIMVerifier.failure(of: Array(message), name: "beckon._domainkey.selffull.io", record: record) == nil)

        let sent = try await Self.invite(serve, code) { Self.delivery($0)["state"] as? String == "delivered" }
        #expect(sent["status"] as? String == "sent")
        #expect(Self.delivery(sent)["attempts"] as? Int == 1)
        #expect((Self.delivery(sent)["lastReply"] as? String)?.hasPrefix("250") == true)
        let metrics = try serve.raw("GET", "/metrics").body
        #expect(
            metrics.contains(#"beckon_delivery_attempts_total{kind="invitation",outcome="delivered",reply="2xx"} 1"#))
        #expect(serve.stop() == 0)
    }

    @Test(.enabled(if: TestTool.aiosmtpd.isAvailable, "aiosmtpd plays the relay"))
    func deferralsAreRetriedAndARefusalWaitsForARetryRequest() async throws {
        let folder = TemporaryDirectory()
        let site = try Self.selffull(in: folder)
        let (key, _) = try Self.keygen(in: folder)
        // Message 1: 451 at the end of DATA; 2: 421 at RCPT; 3: taken. Message 4: 550 at RCPT; 5: taken.
        let relay = try ScriptedRelay(script: [
            ["at": "data", "reply": "451 4.3.0 Try again later"], ["at": "rcpt", "reply": "421 4.7.0 Busy"], [:],
            ["at": "rcpt", "reply": "550 5.1.1 <lee@example.org>: Recipient address rejected"], [:],
        ])
        let serve = try RunningServe(
            site: site, database: folder.path("invites.sqlite"),
            arguments: ["--smtp", "smtp://127.0.0.1:\(relay.port)?tls=none", "--smtp-retry", "0.2"],
            environment: ["BECKON_TOKEN_KEY": Self.tokenKey, "BECKON_DKIM_KEY": key.path])

        let first = try ServeTests.json(try serve.api("POST", "/v1/invites", body: Self.create))
        let firstCode = try #require(first["code"] as? String)
        let sent = try await Self.invite(serve, firstCode) { Self.delivery($0)["state"] as? String == "delivered" }
        #expect(sent["status"] as? String == "sent")
        #expect(Self.delivery(sent)["attempts"] as? Int == 3)
        #expect(relay.messages == [3])

        let body = Self.create.replacingOccurrences(of: "kim@", with: "lee@")
        let second = try ServeTests.json(try serve.api("POST", "/v1/invites", body: body))
        let secondCode = try #require(second["code"] as? String)
        let failed = try await Self.invite(serve, secondCode) { Self.delivery($0)["state"] as? String == "failed" }
        #expect(failed["status"] as? String == "created")
        let reply = try #require(Self.delivery(failed)["lastReply"] as? String)
        #expect(reply.hasPrefix("550 5.1.1") && !reply.contains("example.org"), "\(reply)")
        let feed = try ServeTests.json(try serve.api("GET", "/v1/events"))["events"] as? [[String: Any]] ?? []
        #expect(
            feed.contains { $0["event"] as? String == "invite_delivery_failed" && $0["code"] as? String == secondCode })
        // Retrying a delivered invite is refused; the failed one is queued again with its Message-ID.
        #expect(try serve.api("POST", "/v1/invites/\(firstCode)/retry").status == 409)
        let retried = try serve.api("POST", "/v1/invites/\(secondCode)/retry")
        #expect(retried.status == 200, "\(retried.body)")
        let delivered = try await Self.invite(serve, secondCode) {
            Self.delivery($0)["state"] as? String == "delivered"
        }
        #expect(delivered["status"] as? String == "sent")
        #expect(Self.delivery(delivered)["messageId"] as? String == Self.delivery(second)["messageId"] as? String)
        #expect(relay.messages == [3, 5])
        #expect(serve.stop() == 0)
    }
}
