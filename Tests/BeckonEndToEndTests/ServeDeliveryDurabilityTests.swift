import BeckonTestSupport
import Foundation
import Testing

/// The delivery queue as operators lean on it: `kill -9` in the middle of a thousand sends and a
/// restart lose nothing (a message is sent twice only when it was in flight at the kill), and two
/// instances on one PostgreSQL database drain one queue, each message once.
@Suite(.serialized, .enabled(if: TestTool.aiosmtpd.isAvailable, "aiosmtpd plays the relay"))
struct ServeDeliveryDurabilityTests {
    /// The `Message-ID` of each message the relay took, in the order it took them.
    static func messageIDs(_ relay: ScriptedRelay) -> [String] {
        relay.messages.compactMap { number in
            String(decoding: relay.message(number), as: UTF8.self).split(separator: "\r\n")
                .first { $0.hasPrefix("Message-ID: ") }.map { String($0.dropFirst(12)) }
        }
    }

    /// Creates `senders` × 20 email invites through the bulk API, each sender's to 20 addresses.
    static func createInvites(_ serve: RunningServe, senders: Range<Int>) throws {
        for sender in senders {
            let recipients = (0..<20).map { #"{"recipient":"p\#(sender)-\#($0)@example.org","channel":"email"}"# }
            let body = """
                {"senderId":"coach_\(sender)","senderFirstName":"Dana","contextTitle":"Strength basics",
                 "recipients":[\(recipients.joined(separator: ","))]}
                """
            let reply = try serve.api("POST", "/v1/invites/bulk", body: body)
            #expect(reply.status == 201, "\(reply.body.prefix(300))")
        }
    }

    /// Waits until the relay has taken `count` distinct messages, or `timeout` passed.
    static func waitForDistinct(_ relay: ScriptedRelay, _ count: Int, timeout: TimeInterval) async throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var ids = messageIDs(relay)
        while Set(ids).count < count, Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            ids = messageIDs(relay)
        }
        return ids
    }

    @Test func killedMidwayAThousandInvitationsAreEachDelivered() async throws {
        let folder = TemporaryDirectory()
        let site = try ServeDeliveryTests.selffull(in: folder)
        let (key, _) = try ServeDeliveryTests.keygen(in: folder)
        let relay = try ScriptedRelay()
        let arguments = [
            "--smtp", "smtp://127.0.0.1:\(relay.port)?tls=none", "--smtp-timeout", "2", "--smtp-retry", "0.2",
            "--invites-per-day", "1000",
        ]
        let environment = ["BECKON_TOKEN_KEY": ServeDeliveryTests.tokenKey, "BECKON_DKIM_KEY": key.path]
        let database = folder.path("invites.sqlite")
        let first = try RunningServe(site: site, database: database, arguments: arguments, environment: environment)
        // The thousand are queued while the relay is down, then it comes back.
        relay.set(up: false)
        try Self.createInvites(first, senders: 0..<50)
        relay.set(up: true)
        // Killed while the queue drains: watched without yielding, since a task's sleep can outlast
        // the whole drain while other tests hold Swift's threads.
        let deadline = Date().addingTimeInterval(60)
        var taken = relay.messages.count
        while taken < 200, Date() < deadline {
            usleep(2_000)
            taken = relay.messages.count
        }
        #expect(taken >= 200 && taken < 1000, "the kill was not in the middle: \(taken) taken")
        _ = first.running.stop(with: SIGKILL)
        let atKill = Set(Self.messageIDs(relay)).count

        // A claim lasts 2 × 2 s + 10 s: the restarted server sends the ones in flight at the kill after that.
        let second = try RunningServe(site: site, database: database, arguments: arguments, environment: environment)
        let ids = try await Self.waitForDistinct(relay, 1000, timeout: 120)
        #expect(Set(ids).count == 1000, "\(Set(ids).count) of 1000 delivered (\(atKill) before the kill)")
        // Sent twice only when in flight at the kill: at most one per connection (4).
        #expect(ids.count - Set(ids).count <= 4, "\(ids.count - Set(ids).count) sent twice")
        // The queue empties: its depth is reported at most a second late.
        try await Task.sleep(for: .milliseconds(1_500))
        #expect(try second.raw("GET", "/metrics").body.contains("beckon_delivery_queue_depth 0"))
        #expect(second.stop() == 0)
    }

    @Test(.enabled(if: PostgresCluster.isInstalled, "postgresql is not installed: make test-deps installs it"))
    func twoInstancesOnPostgreSQLSendEachMessageOnce() async throws {
        let url = try await PostgresCluster.shared.get().makeDatabase()
        let folder = TemporaryDirectory()
        let site = try ServeDeliveryTests.selffull(in: folder)
        let (key, _) = try ServeDeliveryTests.keygen(in: folder)
        let relay = try ScriptedRelay()
        let arguments = ["--smtp", "smtp://127.0.0.1:\(relay.port)?tls=none", "--invites-per-day", "1000"]
        let environment = ["BECKON_TOKEN_KEY": ServeDeliveryTests.tokenKey, "BECKON_DKIM_KEY": key.path]
        let one = try RunningServe(site: site, database: url, arguments: arguments, environment: environment)
        let two = try RunningServe(site: site, database: url, arguments: arguments, environment: environment)
        try Self.createInvites(one, senders: 0..<10)
        try Self.createInvites(two, senders: 10..<20)
        let ids = try await Self.waitForDistinct(relay, 400, timeout: 60)
        #expect(Set(ids).count == 400 && ids.count == 400, "\(ids.count) sent, \(Set(ids).count) distinct")
        // Both drained the one queue: each counted deliveries of its own, 400 between them.
        let counted = try [one, two].map { serve in
            let line = try serve.raw("GET", "/metrics").body.split(separator: "\n").first {
                $0.hasPrefix(#"beckon_delivery_attempts_total{kind="invitation",outcome="delivered""#)
            }
            return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        }
        #expect(counted.allSatisfy { $0 > 0 } && counted.reduce(0, +) == 400, "\(counted)")
        #expect(one.stop() == 0)
        #expect(two.stop() == 0)
    }
}
