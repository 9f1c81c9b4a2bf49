import BeckonServe
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `GET /v1/funnel` on an experiment run through the API as an app's backend would run it.
@Suite struct FunnelAPITests {
    /// The default site with `share.variants`, built and served on a new store.
    static func experimentSite(in folder: TemporaryDirectory) throws -> URL {
        let site = folder.path("site")
        try SiteFixture.copySite(to: site)
        let config = site.appendingPathComponent("beckon.yml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(
            of: "share:\n", with: "share:\n  variants: {control: 50, context-rich: 50}\n")
        try Data(text.utf8).write(to: config)
        return site
    }

    /// 1,200 invites in two arms, accepted at 20 % and 30 %: the funnel counts every stage
    /// exactly, names the leading arm, and refuses the app key and bad parameters.
    @Test func anExperimentEndsInAReportNamingTheLeadingArm() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(
            site: try Self.experimentSite(in: folder), in: folder, environment: ["BECKON_APP_KEY": "app-key-0123456789"]
        ).application()
        try await app.test(.router) { client in
            for (arm, rate) in [("control", 20), ("context-rich", 30)] {
                for index in 0..<600 {
                    let body = #"{"senderId":"\#(arm)_\#(index / 40)","channel":"copy_link","variant":"\#(arm)"}"#
                    let created = try await client.execute(
                        uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                        body: ByteBuffer(string: body))
                    let code = try #require(try ServeApplicationTests.json(created)["code"] as? String)
                    guard index % 100 < rate else { continue }
                    let accepted = try await client.execute(
                        uri: "/v1/invites/\(code)/accept", method: .post, headers: ServeApplicationTests.auth,
                        body: ByteBuffer(string: #"{"inviteeId":"n_\#(arm)_\#(index)"}"#))
                    #expect(accepted.status == .ok)
                }
            }
            let answer = try await client.execute(
                uri: "/v1/funnel?by=variant", method: .get, headers: ServeApplicationTests.auth)
            #expect(answer.status == .ok && answer.headers[.contentType] == "application/json")
            let report = try ServeApplicationTests.json(answer)
            let groups = try #require(report["groups"] as? [[String: Any]])
            #expect(groups.compactMap { $0["name"] as? String } == ["context-rich", "control"])
            for group in groups {
                let stages = try #require(group["stages"] as? [[String: Any]])
                func count(_ stage: String) -> Int? {
                    stages.first { $0["stage"] as? String == stage }?["count"] as? Int
                }
                let treated = group["name"] as? String == "context-rich"
                #expect(count("created") == 600 && count("accepted") == (treated ? 180 : 120))
                #expect(count("opened") == (treated ? 180 : 120) && count("store_clicked") == 0)
                #expect(stages.contains { $0["stage"] as? String == "onboarding_completed" && $0["count"] is NSNull })
                #expect(group["senders"] as? Int == 15)
            }
            let comparison = try #require((report["comparisons"] as? [[String: Any]])?.first)
            #expect(comparison["verdict"] as? String == "leads" && comparison["leader"] as? String == "context-rich")
            let html = try await client.execute(
                uri: "/v1/funnel?by=variant&format=html", method: .get, headers: ServeApplicationTests.auth)
            #expect(html.headers[.contentType] == "text/html; charset=utf-8")
            #expect(String(buffer: html.body).contains("context-rich"))

            let asApp = try await client.execute(
                uri: "/v1/funnel", method: .get, headers: [.authorization: "Bearer app-key-0123456789"])
            #expect(asApp.status == .unauthorized)
            for (query, field) in [
                ("by=device", "by"), ("from=yesterday", "from"), ("format=pdf", "format"),
                ("from=2026-11-02&to=2026-11-01", "to"),
            ] {
                let refused = try await client.execute(
                    uri: "/v1/funnel?\(query)", method: .get, headers: ServeApplicationTests.auth)
                let problem = try ServeApplicationTests.json(refused)
                #expect(refused.status == .badRequest && problem["field"] as? String == field, "\(query)")
            }
            let empty = try await client.execute(
                uri: "/v1/funnel?from=2020-01-01&to=2020-01-31", method: .get, headers: ServeApplicationTests.auth)
            #expect((try ServeApplicationTests.json(empty)["groups"] as? [Any])?.isEmpty == true)
        }
    }
}
