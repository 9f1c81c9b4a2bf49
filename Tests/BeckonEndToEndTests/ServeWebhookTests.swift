import BeckonTestSupport
import Crypto
import Foundation
import Testing

/// `beckon serve --webhook` as an app's backend receives it: each event POSTed once delivered,
/// signed as the Standard Webhooks specification says (verified here from the specification, not
/// with Beckon's code), retried after 5xx answers and timeouts, in the order of each invite's
/// events, and the endpoint disabled after its run of failures, its webhooks kept in the queue.
@Suite(.serialized) struct ServeWebhookTests {
    static let secret = "whsec_" + Data((0..<32).map { UInt8($0 * 7 % 256) }).base64EncodedString()

    /// Starts a server on the served fixture posting `events` to `receiver`.
    static func serve(
        _ folder: TemporaryDirectory, _ receiver: WebhookReceiver, events: String, extra: [String] = []
    ) throws -> RunningServe {
        try SiteFixture.write(SiteFixture.served, to: folder.path("site"))
        return try RunningServe(
            site: folder.path("site"), database: folder.path("invites.sqlite"),
            arguments: [
                "--webhook", "http://127.0.0.1:\(receiver.port)/hooks/beckon", "--webhook-events", events,
                "--webhook-retry", "0.2",
            ] + extra,
            environment: ["BECKON_WEBHOOK_SECRET": secret])
    }

    /// The Standard Webhooks check, from the specification: the id, the timestamp within five
    /// minutes of the request's arrival (by the receiver's clock when it read it, as a receiver
    /// checks it: the test's own clock, read later, may have been stepped since), and one of the space-separated `v1,` signatures equal to the base64 HMAC-SHA256 of
    /// `id.timestamp.body` under the secret's base64-decoded bytes. Returns why it fails, or `nil`.
    static func verify(_ request: WebhookReceiver.Request) -> String? {
        guard let id = request.headers["webhook-id"], let stamp = request.headers["webhook-timestamp"],
            let signatures = request.headers["webhook-signature"], let seconds = Double(stamp)
        else { return "a webhook header is missing: \(request.headers)" }
        guard abs(request.receivedAt.timeIntervalSince1970 - seconds) < 300 else {
            return "the timestamp \(stamp) is not within five minutes of its arrival at \(request.receivedAt)"
        }
        guard let key = Data(base64Encoded: String(secret.dropFirst("whsec_".count))) else { return "bad secret" }
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data("\(id).\(stamp).\(request.body)".utf8), using: SymmetricKey(data: key))
        let expected = "v1," + Data(mac).base64EncodedString()
        return signatures.split(separator: " ").contains { $0 == expected } ? nil : "no signature matches"
    }

    static func payload(_ request: WebhookReceiver.Request) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])
    }

    static func deliveries(_ serve: RunningServe) throws -> [String: Any] {
        try ServeTests.json(try serve.api("GET", "/v1/webhooks/deliveries"))
    }

    @Test(.enabled(if: TestTool.python.isAvailable, "python3 runs the receiver"))
    func anAcceptedInviteIsPostedSignedAndRetriedInItsOrder() async throws {
        let folder = TemporaryDirectory()
        // The invite's first event is refused twice: its second waits for it.
        let receiver = try WebhookReceiver(script: [["status": 500], ["status": 503]])
        let serve = try Self.serve(folder, receiver, events: "invite_link_opened,invite_accepted")
        let created = try ServeTests.json(
            try serve.api("POST", "/v1/invites", body: #"{"senderId":"u_7","channel":"copy_link"}"#))
        let code = try #require(created["code"] as? String)
        let id = try #require(created["id"] as? String)
        let accepted = try serve.api("POST", "/v1/invites/\(code)/accept", body: #"{"inviteeId":"friend_42"}"#)
        #expect(accepted.status == 200, "\(accepted.body)")

        let requests = await receiver.waitForRequests(4)
        #expect(requests.count == 4)
        for request in requests { #expect(Self.verify(request) == nil) }
        let types = try requests.map { try Self.payload($0)["type"] as? String }
        #expect(types == ["invite_link_opened", "invite_link_opened", "invite_link_opened", "invite_accepted"])
        // One delivery keeps its id across attempts; the next event has its own.
        let ids = requests.map { $0.headers["webhook-id"] ?? "" }
        #expect(ids[0] == ids[1] && ids[1] == ids[2] && ids[2] != ids[3] && ids[0].hasPrefix("msg_"))
        let data = try #require(try Self.payload(requests[3])["data"] as? [String: String])
        #expect(data["inviteId"] == id && data["code"] == code && data["inviteeId"] == "friend_42")
        #expect(data["status"] == "accepted" && data["senderId"] == "u_7")
        #expect(requests[3].headers["content-type"] == "application/json")

        var list: [[String: Any]] = []
        for _ in 0..<50 {
            list = try Self.deliveries(serve)["deliveries"] as? [[String: Any]] ?? []
            if list.allSatisfy({ $0["state"] as? String == "delivered" }) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(list.map { $0["event"] as? String } == ["invite_accepted", "invite_link_opened"])
        #expect(list.map { $0["attempts"] as? Int } == [1, 3])
        #expect(list.map { $0["lastReply"] as? String } == ["HTTP 204", "HTTP 204"])
        let metrics = try serve.raw("GET", "/metrics").body
        #expect(metrics.contains(#"beckon_delivery_attempts_total{kind="webhook",outcome="deferred",reply="5xx"} 2"#))
        #expect(serve.stop() == 0)
    }

    @Test(.enabled(if: TestTool.python.isAvailable, "python3 runs the receiver"))
    func aSilentEndpointIsRetriedAndARunOfFailuresDisablesIt() async throws {
        let folder = TemporaryDirectory()
        // The first answer comes after the server stopped waiting; then five refusals in a row.
        let receiver = try WebhookReceiver(
            script: [["delay": 4], [:], ["status": 500], ["status": 500], ["status": 500], ["status": 500]])
        let serve = try Self.serve(
            folder, receiver, events: "invite_accepted",
            extra: ["--webhook-timeout", "1.5", "--webhook-disable-after", "3"])
        func accept(_ sender: String) throws {
            let created = try ServeTests.json(
                try serve.api("POST", "/v1/invites", body: #"{"senderId":"\#(sender)","channel":"copy_link"}"#))
            let code = try #require(created["code"] as? String)
            #expect(try serve.api("POST", "/v1/invites/\(code)/accept", body: #"{"inviteeId":"f_1"}"#).status == 200)
        }
        try accept("u_1")
        let first = await receiver.waitForRequests(2)
        #expect(first.count == 2 && first[0].headers["webhook-id"] == first[1].headers["webhook-id"])

        try accept("u_2")
        // Three failures in a row disable the endpoint: no fourth attempt while it is disabled.
        _ = await receiver.waitForRequests(5)
        try await Task.sleep(for: .seconds(2))
        #expect(receiver.requests.count == 5)
        let deliveries = try Self.deliveries(serve)
        #expect(deliveries["disabled"] as? Bool == true)
        let pending = (deliveries["deliveries"] as? [[String: Any]])?.first
        #expect(pending?["state"] as? String == "deferred" && pending?["attempts"] as? Int == 3)
        #expect(try serve.raw("GET", "/metrics").body.contains("beckon_webhook_disabled 1"))
        #expect(serve.stop() == 0)
        #expect(serve.running.standardError.contains("disabled until the server restarts"))
    }

    /// Settings that would hammer an endpoint or leak a secret are refused before the server starts.
    @Test func wrongSettingsAreRefusedAtStart() throws {
        let retry = try BeckonBinary.run(["serve", "--webhook", "https://api.example.com/h", "--webhook-retry", "0"])
        #expect(retry.status == 64 && retry.stderr.contains("`--webhook-retry` must be from 0.1 to 3600."))
        let folder = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.served, to: folder.path("site"))
        for (arguments, said) in [
            (["--webhook", "http://api.example.com/h"], "is not an endpoint the server posts to"),
            (["--webhook", "https://user:hunter2@api.example.com/h"], "is not an endpoint the server posts to"),
            (["--webhook", "https://api.example.com/h", "--webhook-events", "invite_flow_started"], "not an event"),
        ] {
            let run = try BeckonBinary.run(
                [
                    "serve", "--site", folder.path("site").path, "--port", "0", "--database",
                    folder.path("i.sqlite").path,
                ]
                    + arguments,
                environment: [
                    "BECKON_WEBHOOK_SECRET": Self.secret, "BECKON_API_TOKEN": RunningServe.token,
                    "BECKON_LINK_KEY": BeckonBinary.testLinkKey,
                ])
            #expect(run.status == 1 && run.stderr.contains(said), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("hunter2"))
        }
        let unsigned = try BeckonBinary.run(
            [
                "serve", "--site", folder.path("site").path, "--port", "0", "--database", folder.path("i.sqlite").path,
                "--webhook", "https://api.example.com/h",
            ], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(unsigned.status == 1 && unsigned.stderr.contains("needs BECKON_WEBHOOK_SECRET"))
    }
}
