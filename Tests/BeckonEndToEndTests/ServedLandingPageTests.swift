import BeckonTestSupport
import Foundation
import Testing

/// The default site's landing page as `beckon serve` answers a real invite link, opened in headless
/// Chromium the way a visitor opens it, in every locale: the page's beacon reaches the server (the
/// invite becomes `opened` and the feed records `invite_link_opened`), and axe-core, run in the
/// page under the Content-Security-Policy the server sent, finds no WCAG 2.0–2.2 A or AA violation
/// in the light palette or the dark one.
@Suite(.serialized) struct ServedLandingPageTests {
    static let locales = ["en-US", "de-DE", "ja-JP", "ar"]

    /// The default site, with its invite links and beacon on `localhost` (the browser reaches it
    /// on the server's loopback port through `--host-resolver-rules`, as a visitor's reaches the
    /// real host through the proxy): the beacon is same-origin, as it is in production.
    static func site(in folder: TemporaryDirectory) throws -> URL {
        let site = folder.path("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for name in ["templates", "locales", "static"] {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent(name), to: site.appendingPathComponent(name))
        }
        let config = try String(contentsOf: Repository.root.appendingPathComponent("beckon.yml"), encoding: .utf8)
        let local = SiteFixture.replacing("  host: join.playa.app\n", with: "  host: localhost\n", in: config)
        try Data((local + "\nanalytics:\n  endpoint: http://localhost/e\n").utf8)
            .write(to: site.appendingPathComponent("beckon.yml"))
        return site
    }

    /// What `scripts/axe-check.py` reports for a page.
    struct AxeReport: Decodable {
        struct Violation: Decodable {
            struct Node: Decodable {
                let target: [String]
                let html: String
                let summary: String?
            }
            let id: String
            let impact: String?
            let help: String
            let nodes: [Node]
        }
        let url: String
        let lang: String
        let passes: Int
        let incomplete: [String]
        let violations: [Violation]

        var described: String {
            violations.map { violation in
                "\(violation.id) (\(violation.impact ?? "?")): \(violation.help)\n"
                    + violation.nodes.map {
                        "  \($0.target.joined(separator: " ")): \($0.html)\n    \($0.summary ?? "")"
                    }
                    .joined(separator: "\n")
            }.joined(separator: "\n")
        }
    }

    /// Runs axe in `url` as headless Chromium loads it, with extra Chromium switches.
    static func axe(
        _ url: String, chromium arguments: [String]
    ) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        let python: URL = try #require(TestTool.program("python3"))
        process.executableURL = python
        process.arguments =
            [Repository.root.appendingPathComponent("scripts/axe-check.py").path]
            + arguments.map { "--chromium-arg=\($0)" } + [url]
        var environment = ProcessInfo.processInfo.environment
        environment["BECKON_AXE"] = TestTool.axeScript.path
        process.environment = environment
        let (status, data, said) = try CapturedRun.run(process)
        return (status, String(decoding: data, as: UTF8.self), String(decoding: said, as: UTF8.self))
    }

    @Test(
        .enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"),
        .enabled(if: TestTool.axe.isAvailable, "axe-core or python3 is missing: run `make test-deps`"))
    func aVisitorsBrowserSendsTheBeaconAndAxeFindsNoViolation() throws {
        let folder = TemporaryDirectory()
        let server = try RunningServe(site: try Self.site(in: folder), database: folder.path("invites.sqlite"))
        defer { _ = server.stop() }
        for locale in Self.locales {
            let created = try server.api(
                "POST", "/v1/invites",
                body: #"{"senderId":"u_42","senderFirstName":"Maya","channel":"sms","recipient":"+44 7700 900123"}"#)
            #expect(created.status == 201, "\(created.body)")
            let invite = try ServeTests.json(created)
            let code = try #require(invite["code"] as? String)
            let link = try #require(invite["link"] as? String)
            #expect(link.hasPrefix("https://localhost/invite/\(code)?"), "\(link)")
            // The signed link as the invitee gets it, over http: the test has no TLS in front.
            let url = "http://" + link.dropFirst("https://".count)
            for dark in [false, true] {
                let run = try Self.axe(
                    url,
                    chromium: [
                        "--host-resolver-rules=MAP localhost 127.0.0.1:\(server.port)", "--accept-lang=\(locale)",
                        "--blink-settings=preferredColorScheme=\(dark ? 0 : 1)",
                    ])
                let what = "\(locale)\(dark ? ", dark" : "")"
                let report = try #require(
                    try? JSONDecoder().decode(AxeReport.self, from: Data(run.output.utf8)),
                    "\(what): \(run.errors)\(run.output)")
                #expect(report.lang == locale, "\(report.url)")
                #expect(report.passes > 0)
                #expect(report.violations.map(\.id) == [], "\(what): axe found\n\(report.described)")
                #expect(run.status == 0)
            }

            // The beacon: sent on the first load, so it is in by now, or within a few moments.
            var status = ""
            for _ in 0..<50 {
                status = try ServeTests.json(server.api("GET", "/v1/invites/\(code)"))["status"] as? String ?? ""
                if status == "opened" { break }
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(status == "opened", "\(locale)")
        }
        let events = try ServeTests.json(server.api("GET", "/v1/events?after=0"))
        let opened = (events["events"] as? [[String: Any]] ?? []).filter {
            $0["event"] as? String == "invite_link_opened"
        }
        #expect(opened.count == Self.locales.count, "\(events)")
        #expect(server.stop() == 0)
    }
}
