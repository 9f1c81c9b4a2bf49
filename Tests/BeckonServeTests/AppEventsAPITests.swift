import BeckonServe
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `POST /v1/events`: the app's events, sent as an app sends them, in the feed and the funnel.
@Suite struct AppEventsAPITests {
    static let appKey = "app-events-key-0123456789"
    static let asApp: HTTPFields = [.authorization: "Bearer \(appKey)", .contentType: "application/json"]

    static func server(
        in folder: TemporaryDirectory,
        environment: [String: String] = [
            "BECKON_APP_KEY": appKey
        ]
    ) async throws -> ServeServer {
        try await ServeApplicationTests.server(
            site: try FunnelAPITests.experimentSite(in: folder), in: folder, environment: environment)
    }

    /// A time `minutes` before now, as the app writes it.
    static func time(minutesAgo minutes: Int) -> String {
        Date(timeIntervalSinceNow: Double(-60 * minutes)).formatted(.iso8601)
    }

    /// An event as the app writes it.
    static func event(
        _ id: String, _ name: String, code: String? = nil, at: String = time(minutesAgo: 60), extra: String = ""
    ) -> String {
        #"{"id":"\#(id)","event":"\#(name)","at":"\#(at)""# + (code.map { #","code":"\#($0)""# } ?? "") + extra + "}"
    }

    static func post(
        _ client: some TestClientProtocol, _ events: [String], headers: HTTPFields = asApp,
        from address: String = "203.0.113.9"
    ) async throws -> TestResponse {
        var headers = headers
        headers[HTTPField.Name("X-Forwarded-For")!] = address
        return try await client.execute(
            uri: "/v1/events", method: .post, headers: headers,
            body: ByteBuffer(string: #"{"events":[\#(events.joined(separator: ","))]}"#))
    }

    /// 4,000 invites in two arms, onboarded at 30 % and 36 % (the app's events, sent in batches
    /// of 100, some batches twice, each batch's times out of order) and accepted at 20 % and 26 %:
    /// the funnel counts every stage exactly, records each client event once, and its acceptance
    /// intervals and p-value are SciPy's to 1e-9.
    @Test(.enabled(if: SciPy.isAvailable, "python3 with scipy is missing: run `pip install scipy`"))
    func aScriptedPopulationCountsExactlyAndMatchesSciPy() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(in: folder).application()
        try await app.test(.router) { client in
            var events: [String] = []
            var recorded = 0
            var repeated = 0
            func flush(retry: Bool) async throws {
                guard !events.isEmpty else { return }
                let answer = try await Self.post(client, events)
                #expect(answer.status == .ok, "\(String(buffer: answer.body))")
                let body = try ServeApplicationTests.json(answer)
                recorded += body["recorded"] as? Int ?? 0
                if retry {
                    let again = try ServeApplicationTests.json(try await Self.post(client, events))
                    #expect(again["recorded"] as? Int == 0 && again["repeated"] as? Int == events.count)
                    repeated += events.count
                }
                events.removeAll()
            }
            var batches = 0
            func add(_ event: String) async throws {
                events.append(event)
                guard events.count == 100 else { return }
                batches += 1
                try await flush(retry: batches % 5 == 0)
            }
            for (arm, onboarded, accepted) in [("control", 30, 20), ("context-rich", 36, 26)] {
                for sender in 0..<100 {
                    let recipients = Array(repeating: #"{"channel":"copy_link"}"#, count: 20).joined(separator: ",")
                    let body =
                        #"{"senderId":"\#(arm)_\#(sender)","variant":"\#(arm)","recipients":[\#(recipients)]}"#
                    let created = try await client.execute(
                        uri: "/v1/invites/bulk", method: .post, headers: ServeApplicationTests.auth,
                        body: ByteBuffer(string: body))
                    #expect(created.status == .created)
                    let invites = try #require(ServeApplicationTests.json(created)["invites"] as? [[String: Any]])
                    try await add(
                        Self.event(
                            "flow-\(arm)-\(sender)", "invite_flow_started", extra: #","senderId":"\#(arm)_\#(sender)""#)
                    )
                    for (offset, invite) in invites.enumerated() {
                        let code = try #require(invite["code"] as? String)
                        let index = sender * 20 + offset
                        guard index % 50 < onboarded / 2 else { continue }
                        // Times count down within a batch: the app's times arrive out of order.
                        try await add(
                            Self.event(
                                "done-\(code)", "invite_onboarding_completed", code: code,
                                at: Self.time(minutesAgo: 10 + events.count),
                                extra: #","platform":"ios","appVersion":"3.2.1""#))
                        if index % 50 < accepted / 2 {
                            let answer = try await client.execute(
                                uri: "/v1/invites/\(code)/accept", method: .post, headers: ServeApplicationTests.auth,
                                body: ByteBuffer(string: #"{"inviteeId":"n_\#(index)_\#(arm)"}"#))
                            #expect(answer.status == .ok)
                        }
                    }
                }
            }
            try await flush(retry: true)
            #expect(recorded == 200 + 1_320)
            #expect(repeated > 0)

            let feed = try ServeApplicationTests.json(
                try await client.execute(
                    uri: "/v1/events?limit=1000&after=4000", method: .get, headers: ServeApplicationTests.auth))
            let fromApp = try #require(feed["events"] as? [[String: Any]]).filter { $0["source"] as? String == "app" }
            #expect(!fromApp.isEmpty && fromApp.allSatisfy { $0["clientEventId"] is String })

            let answer = try await client.execute(
                uri: "/v1/funnel?by=variant", method: .get, headers: ServeApplicationTests.auth)
            let report = try ServeApplicationTests.json(answer)
            let groups = try #require(report["groups"] as? [[String: Any]])
            var acceptance: [String: [String: Any]] = [:]
            for group in groups {
                let name = try #require(group["name"] as? String)
                let treated = name == "context-rich"
                let stages = try #require(group["stages"] as? [[String: Any]])
                let counts = Dictionary(
                    uniqueKeysWithValues: stages.map { ($0["stage"] as? String ?? "", $0["count"] as? Int) })
                #expect(counts["created"] == 2_000)
                #expect(counts["onboarding_completed"] == (treated ? 720 : 600))
                #expect(counts["accepted"] == (treated ? 520 : 400))
                acceptance[name] = try #require(group["acceptance"] as? [String: Any])
            }
            let comparison = try #require((report["comparisons"] as? [[String: Any]])?.first)
            #expect(comparison["leader"] as? String == "context-rich")

            let script = """
                import json, sys
                from scipy.stats import binomtest, chi2_contingency
                out = {}
                for name, k in (("control", 400), ("context-rich", 520)):
                    ci = binomtest(k, 2000).proportion_ci(confidence_level=0.95, method="wilson")
                    out[name] = [ci.low, ci.high]
                out["p"] = chi2_contingency([[400, 1600], [520, 1480]], correction=False)[1]
                print(json.dumps(out))
                """
            let reference = try #require(
                JSONSerialization.jsonObject(with: try SciPy.run(script, arguments: [])) as? [String: Any])
            for name in ["control", "context-rich"] {
                let bounds = try #require(reference[name] as? [Double])
                let low = try #require(acceptance[name]?["low"] as? Double)
                let high = try #require(acceptance[name]?["high"] as? Double)
                #expect(abs(low - bounds[0]) <= 1e-9 && abs(high - bounds[1]) <= 1e-9)
            }
            let p = try #require(comparison["pValue"] as? Double)
            let referenceP = try #require(reference["p"] as? Double)
            #expect(abs(p - referenceP) <= 1e-9 * max(1, referenceP), "\(p) against \(referenceP)")
        }
    }

    /// Every refusal is a documented problem naming the event's member, and records nothing; the
    /// app key opens neither the feed nor the funnel.
    @Test func refusalsNameTheMemberAndRecordNothing() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(in: folder).application()
        try await app.test(.router) { client in
            let created = try await client.execute(
                uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                body: ByteBuffer(string: #"{"senderId":"u_1","channel":"copy_link"}"#))
            let code = try #require(try ServeApplicationTests.json(created)["code"] as? String)
            let good = Self.event("ok-1", "invite_onboarding_started", code: code)
            let many = (0..<17).map { #""p\#($0)":1"# }.joined(separator: ",")
            let cases: [(String, String)] = [
                (Self.event("x", "invite_exploded"), "events[1].event"),
                (Self.event("x", "invite_created"), "events[1].event"),
                (Self.event("x y", "invite_first_value"), "events[1].id"),
                (Self.event("x", "invite_first_value", at: "yesterday"), "events[1].at"),
                (Self.event("x", "invite_first_value", at: Self.time(minutesAgo: 31 * 1_440)), "events[1].at"),
                (Self.event("x", "invite_first_value", at: Self.time(minutesAgo: -10)), "events[1].at"),
                (Self.event("x", "invite_first_value", code: "NOTACODE!"), "events[1].code"),
                (Self.event("x", "invite_first_value", code: "AAAAAAAAAAAAAAA"), "events[1].code"),
                (Self.event("x", "invite_first_value", extra: #","platform":"windows""#), "events[1].platform"),
                (Self.event("x", "invite_first_value", extra: #","properties":{\#(many)}"#), "events[1].properties"),
                (
                    Self.event(
                        "x", "invite_first_value",
                        extra: #","properties":{"screen":"\#(String(repeating: "a", count: 101))"}"#),
                    "events[1].properties.screen"
                ),
                (
                    Self.event("x", "invite_first_value", extra: #","properties":{"email":"x"}"#),
                    "events[1].properties.email"
                ),
                (
                    Self.event("x", "invite_first_value", extra: #","properties":{"contact_first_name":"Ana"}"#),
                    "events[1].properties.contact_first_name"
                ),
                (
                    Self.event("x", "invite_first_value", extra: #","properties":{"note":"ana@example.com"}"#),
                    "events[1].properties.note"
                ),
                (
                    Self.event("x", "invite_first_value", extra: #","properties":{"note":"+49 151 2345 6789"}"#),
                    "events[1].properties.note"
                ),
                (
                    Self.event("x", "invite_first_value", extra: #","properties":{"nested":{"a":1}}"#),
                    "events[1].properties.nested"
                ),
                (Self.event("x", "invite_first_value", extra: #","colour":"red""#), "events[1].colour"),
            ]
            for (event, field) in cases {
                let answer = try await Self.post(client, [good, event])
                #expect(answer.status == .badRequest, "\(field)")
                #expect(answer.headers[.contentType] == "application/problem+json")
                #expect(try ServeApplicationTests.json(answer)["field"] as? String == field)
            }
            let tooMany = try await Self.post(client, (0..<101).map { Self.event("m\($0)", "invite_prompt_shown") })
            #expect(try ServeApplicationTests.json(tooMany)["field"] as? String == "events")
            let none = try await Self.post(client, [])
            #expect(none.status == .badRequest)
            let wrongKey = try await Self.post(
                client, [good], headers: [.authorization: "Bearer not-the-key", .contentType: "application/json"])
            #expect(wrongKey.status == .unauthorized)
            for uri in ["/v1/funnel", "/v1/events"] {
                let read = try await client.execute(uri: uri, method: .get, headers: Self.asApp)
                #expect(read.status == .unauthorized, "\(uri)")
            }
            let feed = try ServeApplicationTests.json(
                try await client.execute(uri: "/v1/events", method: .get, headers: ServeApplicationTests.auth))
            #expect((feed["events"] as? [[String: Any]])?.compactMap { $0["event"] as? String } == ["invite_created"])

            // The server token opens it too, without the app's pace.
            let fromBackend = try await Self.post(client, [good], headers: ServeApplicationTests.auth)
            #expect(try ServeApplicationTests.json(fromBackend)["recorded"] as? Int == 1)
        }
    }

    /// The app key's batches are paced per client: the 121st in an hour waits, others go on.
    @Test func theAppKeyIsPacedPerClient() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(in: folder).application()
        try await app.test(.router) { client in
            for index in 0..<120 {
                let answer = try await Self.post(client, [Self.event("p\(index)", "invite_prompt_shown")])
                #expect(answer.status == .ok)
            }
            let paced = try await Self.post(client, [Self.event("p-last", "invite_prompt_shown")])
            #expect(paced.status == .tooManyRequests && paced.headers[.retryAfter] != nil)
            let other = try await Self.post(client, [Self.event("p-last", "invite_prompt_shown")], from: "198.51.100.4")
            #expect(other.status == .ok)
        }
    }

    /// Without an app key the server token still records; with neither, the API is not configured.
    @Test func withoutAnAppKeyTheTokenRecords() async throws {
        let folder = TemporaryDirectory()
        let app = try await Self.server(in: folder, environment: [:]).application()
        try await app.test(.router) { client in
            let asBackend = try await Self.post(
                client, [Self.event("b1", "invite_share_sheet_opened")], headers: ServeApplicationTests.auth)
            #expect(asBackend.status == .ok)
            let asApp = try await Self.post(client, [Self.event("b2", "invite_share_sheet_opened")])
            #expect(asApp.status == .unauthorized)
        }
    }
}
