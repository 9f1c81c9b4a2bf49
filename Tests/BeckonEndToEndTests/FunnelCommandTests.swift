import BeckonStore
import BeckonStoreSQLite
import BeckonTestSupport
import Foundation
import InviteModel
import Testing

/// `beckon funnel` on a store `beckon serve` kept, as a growth team runs it.
@Suite struct FunnelCommandTests {
    @Test func theFunnelIsReportedAsTextJSONAndHTML() async throws {
        let folder = TemporaryDirectory()
        let database = folder.path("invites.sqlite").path
        let store = try SQLiteInviteStore(path: database)
        let start = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21
        for (arm, accepted) in [("control", 2), ("context-rich", 3)] {
            for index in 0..<10 {
                var record = InviteRecord(
                    invite: Invite(
                        senderID: "\(arm)_\(index % 5)", code: InviteCodeGenerator().next(), createdAt: start))
                record.variant = arm
                _ = try await store.create(record, limit: .friend, idempotencyKey: nil, requestHash: nil)
                guard index < accepted else { continue }
                _ = try await store.update(code: record.invite.code) { record in
                    try record.invite.markSent(at: start + 1)
                    try record.invite.markOpened(at: start + 2)
                    try record.invite.accept(by: "n_\(index)", at: start + 3)
                    return [.sent, .opened, .accepted]
                }
            }
        }
        let text = try BeckonBinary.run(["funnel", "--database", database, "--by", "variant"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("context-rich") && text.stdout.contains("control"), "\(text.stdout)")
        let json = try BeckonBinary.run(["funnel", "--database", database, "--by", "variant", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let groups = try #require(report["groups"] as? [[String: Any]])
        #expect(groups.compactMap { $0["name"] as? String } == ["context-rich", "control"])
        #expect((report["comparisons"] as? [[String: Any]])?.first?["verdict"] as? String == "tooEarly")
        let html = folder.path("funnel.html").path
        let written = try BeckonBinary.run(["funnel", "--database", database, "--format", "html", "--output", html])
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(written.status == 0 && page.contains("<svg"))
        // A period by creation: the day before holds nothing; the day itself everything.
        let before = try BeckonBinary.run(
            ["funnel", "--database", database, "--format", "json", "--from", "2026-09-20", "--to", "2026-09-20"])
        #expect(
            before.stdout.contains("\"groups\" : [\n\n  ]") || before.stdout.contains("\"groups\" : []"),
            "\(before.stdout)")
        let day = try BeckonBinary.run(["funnel", "--database", database, "--from", "2026-09-21", "--to", "2026-09-21"])
        #expect(day.stdout.contains("20"), "\(day.stdout)")

        // Invites no device touched are grouped as `unknown`.
        let byPlatform = try BeckonBinary.run(["funnel", "--database", database, "--by", "platform"])
        #expect(byPlatform.status == 0 && byPlatform.stdout.contains("unknown"), "\(byPlatform.stdout)")

        let refusals: [([String], String)] = [
            (["--from", "yesterday"], "error[funnel.date]"), (["--by", "device"], "Error"),
            (["--from", "2026-09-22", "--to", "2026-09-21"], "error[funnel.period]"),
        ]
        for (options, message) in refusals {
            let refused = try BeckonBinary.run(["funnel", "--database", database] + options)
            #expect(refused.status != 0 && refused.stderr.contains(message), "\(options) \(refused.stderr)")
        }
        let missing = try BeckonBinary.run(["funnel", "--database", folder.path("none.sqlite").path])
        #expect(missing.status == 1 && missing.stderr.contains("error[store.missing]"))
    }
}
