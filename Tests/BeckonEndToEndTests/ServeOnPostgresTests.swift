import BeckonTestSupport
import Foundation
import Testing

/// Two `beckon serve` processes on one PostgreSQL database, as two instances behind a load
/// balancer: an invite made through one answers through the other, one cancelled through one
/// answers 410 through the other, a sender's limit holds across both, and of two accepts racing
/// through both exactly one wins.
@Suite(
    .serialized, .enabled(if: PostgresCluster.isInstalled, "postgresql is not installed: make test-deps installs it"))
struct ServeOnPostgresTests {
    @Test func twoInstancesShareInvitesLimitsAndEvents() async throws {
        let cluster = try PostgresCluster.shared.get()
        let url = try await cluster.makeDatabase()
        let folder = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.served, to: folder.path("site"))
        let site = folder.path("site")
        let one = try RunningBeckon(
            ["serve", "--site", site.path, "--port", "0", "--database", url, "--invites-per-day", "10"],
            environment: ["BECKON_API_TOKEN": RunningServe.token])
        defer { _ = one.stop(with: SIGTERM) }
        let two = try RunningBeckon(
            ["serve", "--site", site.path, "--port", "0", "--database", url, "--invites-per-day", "10"],
            environment: ["BECKON_API_TOKEN": RunningServe.token])
        defer { _ = two.stop(with: SIGTERM) }
        @Sendable func api(
            _ port: Int, _ method: String, _ path: String, _ body: String = ""
        ) throws
            -> LoopbackHTTP.Reply
        {
            let bytes = Array(body.utf8)
            var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            head += "Authorization: Bearer \(RunningServe.token)\r\n"
            if method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\n" }
            return try LoopbackHTTP.raw(port: port, bytes: Array((head + "\r\n").utf8) + bytes)
        }

        // Made through one, answered through the other.
        let created = try ServeTests.json(
            api(one.port, "POST", "/v1/invites", #"{"senderId":"u_1","channel":"copy_link"}"#))
        let code = try #require(created["code"] as? String)
        let link = ServeTests.path(try #require(created["link"] as? String))
        #expect(
            try LoopbackHTTP.raw(
                port: two.port, bytes: Array("GET \(link) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            ).status == 200)

        // Cancelled through one while the other keeps the link's lookup: the other answers 410
        // once PostgreSQL's notification reaches it.
        let cancelled = try ServeTests.json(
            api(one.port, "POST", "/v1/invites", #"{"senderId":"u_3","channel":"copy_link"}"#))
        let cancelledLink = ServeTests.path(try #require(cancelled["link"] as? String))
        @Sendable func open(_ port: Int, _ path: String) throws -> Int {
            try LoopbackHTTP.raw(
                port: port, bytes: Array("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            ).status
        }
        #expect(try open(two.port, cancelledLink) == 200)
        let cancelledCode = try #require(cancelled["code"] as? String)
        #expect(try api(one.port, "POST", "/v1/invites/\(cancelledCode)/cancel").status == 200)
        let deadline = ContinuousClock.now + .seconds(10)
        var answered = try open(two.port, cancelledLink)
        while answered != 410, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
            answered = try open(two.port, cancelledLink)
        }
        #expect(answered == 410)

        // Once the instance listens, a link opened again is answered from what it kept, as
        // /metrics says.
        @Sendable func metrics(_ port: Int) throws -> String {
            try LoopbackHTTP.raw(
                port: port, bytes: Array("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            ).body
        }
        var listening = try metrics(two.port).contains("beckon_link_lookups_listening 1")
        while !listening, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
            listening = try metrics(two.port).contains("beckon_link_lookups_listening 1")
        }
        #expect(listening)
        #expect(
            two.waitForStandardError(containing: "listening for other instances' changes", timeout: 10).contains(
                "links' lookups are kept up to 10 s"))
        #expect(try open(two.port, link) == 200 && open(two.port, link) == 200)
        let counted = try metrics(two.port)
        #expect(!counted.contains(#"beckon_link_lookups_total{from="memory"} 0"#), "\(counted)")
        #expect(counted.contains(#"beckon_link_lookups_total{from="memory"}"#), "\(counted)")

        // The limit (10 here) holds over both: creates alternate between the instances.
        var statuses: [Int] = []
        for index in 0..<12 {
            statuses.append(
                try api(
                    index % 2 == 0 ? one.port : two.port, "POST", "/v1/invites",
                    #"{"senderId":"u_2","channel":"copy_link"}"#
                ).status)
        }
        #expect(statuses.filter { $0 == 201 }.count == 10 && statuses.suffix(2) == [429, 429], "\(statuses)")

        // Two accepts racing through both instances: exactly one wins.
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, port) in [one.port, two.port, one.port, two.port].enumerated() {
                group.addTask {
                    try api(port, "POST", "/v1/invites/\(code)/accept", #"{"inviteeId":"u_\#(index + 10)"}"#).status
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(results.filter { $0 == 200 }.count == 1 && results.filter { $0 == 409 }.count == 3, "\(results)")

        // One feed, in order, whichever instance is asked.
        let feed = try ServeTests.json(api(two.port, "GET", "/v1/events?after=0&limit=100"))
        let events = feed["events"] as? [[String: Any]] ?? []
        let sequences = events.compactMap { $0["sequence"] as? Int }
        #expect(sequences == sequences.sorted() && Set(sequences).count == sequences.count)
        #expect(events.filter { $0["event"] as? String == "invite_accepted" }.count == 1)
        #expect(events.filter { $0["event"] as? String == "invite_created" }.count == 12)
    }
}
