import BeckonTestSupport
import Foundation
import InviteModel
import Testing

/// What `beckon serve` keeps of invites' own pages and cards across restarts. The pages and cards
/// themselves (names, languages, pictures, fallbacks, erasure) are tested in-process, in
/// `BeckonServeTests/ServedInvitePagesTests`.
@Suite(.serialized) struct ServedInvitePagesTests {
    /// Creates an invite from `sender` and returns its link's path and query.
    func linkPath(_ server: RunningServe, sender: String, name: String) throws -> String {
        let created = try create(server, sender: sender, name: name)
        #expect(created.status == 201, "\(created.body)")
        return ServeTests.path(try #require(try ServeTests.json(created)["link"] as? String))
    }

    func create(_ server: RunningServe, sender: String, name: String) throws -> LoopbackHTTP.Reply {
        let body = try JSONSerialization.data(withJSONObject: [
            "senderId": sender, "senderFirstName": name, "channel": "copy_link", "context": "achievement",
            "contextTitle": "a 10K run",
        ])
        return try server.api("POST", "/v1/invites", body: String(decoding: body, as: UTF8.self))
    }

    /// The `<h1>` of a served page.
    func heading(_ reply: LoopbackHTTP.Reply) -> String {
        guard let start = reply.body.range(of: "<h1"), let end = reply.body.range(of: "</h1>") else { return "" }
        return String(reply.body[start.lowerBound..<end.upperBound])
    }

    /// With `--cache DIR`, invites' own pages and cards are kept in `DIR/invites`, sealed: the
    /// next start serves them as they were, a deploy that changed a string they read makes them
    /// again, and an erasure removes them.
    @Test func pagesAndCardsKeptOnDiskAreSealedAndFollowTheSite() throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try SiteFixture.write(SiteFixture.servedWithCards, to: site)
        let arguments = ["--cache", folder.path("cache").path]
        let records = folder.path("cache/invites/steps")
        func sealed() throws -> [Data] {
            let paths = (try? FileManager.default.subpathsOfDirectory(atPath: records.path)) ?? []
            return try paths.filter { $0.hasSuffix(".sealed") }.map {
                try Data(contentsOf: records.appendingPathComponent($0))
            }
        }
        var server = try RunningServe(site: site, database: folder.path("invites.sqlite"), arguments: arguments)
        let path = try linkPath(server, sender: "u_8", name: "Zoë")
        let page = try server.raw("GET", path)
        let card = try server.raw("GET", path + "&og=en-US")
        #expect(page.status == 200 && card.status == 200)
        #expect(server.stop() == 0)
        let kept = try sealed()
        #expect(kept.count == 2)
        // Neither the name nor the record's JSON shows (random bytes hold a given two-byte run
        // about once in 64 KB, so the checks look for longer ones).
        for record in kept {
            #expect(record.range(of: Data("Zoë".utf8)) == nil)
            #expect(record.range(of: Data("\"value\"".utf8)) == nil)
        }

        server = try RunningServe(site: site, database: folder.path("invites.sqlite"), arguments: arguments)
        let metrics = try server.raw("GET", "/metrics").body
        #expect(metrics.contains("beckon_invite_artifacts_bytes{place=\"disk\"} "), "\(metrics)")
        #expect(!metrics.contains("beckon_invite_artifacts_bytes{place=\"disk\"} 0.0"))
        #expect(try server.raw("GET", path).body == page.body)
        #expect(try server.raw("GET", path + "&og=en-US").body == card.body)
        #expect(server.stop() == 0)

        // The deploy: the English title changed.
        let bundle = site.appendingPathComponent("locales/en-US.yml")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "{inviter} invited you to", with: "{inviter} asks you to").utf8)
            .write(to: bundle)
        server = try RunningServe(site: site, database: folder.path("invites.sqlite"), arguments: arguments)
        defer { _ = server.stop() }
        let edited = try server.raw("GET", path)
        #expect(heading(edited).contains("<bdi>Zoë</bdi> asks you to Minimo"), "\(heading(edited))")
        #expect(try server.raw("GET", path + "&og=en-US").body != card.body)
        #expect(try server.api("POST", "/v1/users/u_8/erase").status == 200)
        #expect(try sealed().isEmpty)
    }
}
