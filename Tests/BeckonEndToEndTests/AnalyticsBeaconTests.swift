import BeckonTestSupport
import Foundation
import Testing

/// The landing page's `invite_link_opened` beacon, run by headless Chromium against nginx: the
/// event reaches the endpoint with the code from the link, the variant, the context and the
/// locale, and nothing else.
@Suite(.serialized) struct AnalyticsBeaconTests {
    @Test(
        .enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"),
        .enabled(if: TestTool.nginx.isAvailable, "nginx or curl is not installed: run `make test-deps`"))
    func chromiumPostsTheEventWhenAnInviteLinkOpens() throws {
        let site = TemporaryDirectory()
        for folder in ["templates", "locales", "static"] {
            try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(folder), to: site.path(folder))
        }
        let config = try String(contentsOf: Repository.root.appendingPathComponent("beckon.yml"), encoding: .utf8)
        try Data((config + "\nserving: [nginx]\nanalytics:\n  endpoint: https://join.playa.app/events\n").utf8)
            .write(to: site.path("beckon.yml"))
        let build = try BeckonBinary.run(["build", "--site", site.url.path, "--output", site.path("out").path])
        #expect(build.status == 0, "\(build.stdout)")
        // The page posts to the production host; here that host is the local nginx.
        let page = site.path("out/de-DE/invite/index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<noscript><img src=\"https://join.playa.app/events?event=invite_link_opened&amp;"))
        let running = try ServingRulesTests.Running(
            .nginx, root: site.path("out"),
            nginxLocations: "location = /events { proxy_pass http://127.0.0.1:$server_port/received; }\n"
                + "location = /received { return 204; }",
            logFormat: "$request_method $uri $request_body")
        defer { running.stop() }
        try Data(
            html.replacingOccurrences(
                of: "\"https://join.playa.app/events\"", with: "\"http://127.0.0.1:\(running.port)/events\""
            ).utf8
        ).write(to: page)
        _ = try HeadlessChromium.dom(
            "http://127.0.0.1:\(running.port)/invite/K7QM2ZP4?v=context-rich",
            arguments: ["--accept-lang=de-DE", "--virtual-time-budget=3000"])
        var log = ""
        for _ in 0..<40 {
            log = (try? String(contentsOf: running.folder.path("access.log"), encoding: .utf8)) ?? ""
            if log.contains("POST /events") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let event = try #require(log.split(separator: "\n").first { $0.hasPrefix("POST /events ") }, "\(log)")
        let body = String(event.dropFirst("POST /events ".count)).replacingOccurrences(of: "\\x22", with: "\"")
        let payload = try #require(
            try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String], "\(body)")
        #expect(
            payload == [
                "event": "invite_link_opened", "code": "K7QM2ZP4", "context": "generic", "variant": "context-rich",
                "locale": "de-DE", "link": "/invite/K7QM2ZP4?v=context-rich",
            ])
    }
}
