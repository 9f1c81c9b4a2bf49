import BeckonTestSupport
import Foundation
import Testing

/// The default site's store hand-off end to end (docs/deferred-links.md): an iPhone's browser —
/// headless Chromium, driven by `scripts/handoff-check.py` — opens Zuzanna's invite link as
/// `beckon serve` answers it and taps the App Store button; the page copies the invite's signed link
/// and the hand-off sends the phone on to the App Store. Then the app, on its first launch, claims
/// the install with what it pastes and gets Zuzanna's invite, as often as it asks, while the feed
/// records the install once.
@Suite(.serialized) struct StoreHandOffBrowserTests {
    static let appKey = "end-to-end-app-key-0123456789abcdef"

    /// What `scripts/handoff-check.py` reports.
    struct HandOffReport: Decodable {
        struct Request: Decodable {
            let method: String
            let url: String
            let status: Int?
            let location: String?
        }
        /// The App Store button's box as the page first laid it out, in CSS pixels of the
        /// 390×844 viewport.
        struct Box: Decodable {
            let top: Double
            let bottom: Double
        }
        let clipboard: String?
        let button: Box
        /// The page's text as shown (`innerText`).
        let text: String
        let handoff: String
        let handoffStatus: Int?
        let location: String?
        let requests: [Request]

        var described: String {
            requests.map { "\($0.method) \($0.url) → \($0.status.map(String.init) ?? "-")" }.joined(separator: "\n")
        }
    }

    /// Taps the App Store button of the page at `url` in headless Chromium, as an iPhone.
    static func tap(_ url: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        let python: URL = try #require(TestTool.program("python3"))
        process.executableURL = python
        process.arguments = [Repository.root.appendingPathComponent("scripts/handoff-check.py").path, url]
        let (status, data, said) = try CapturedRun.run(process)
        return (status, String(decoding: data, as: UTF8.self), String(decoding: said, as: UTF8.self))
    }

    /// The app's install claim with the clipboard's text, and the invite it matched.
    static func claim(_ server: RunningServe, clipboard: String) throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["platform": "ios", "clipboard": clipboard])
        let reply = try server.raw(
            "POST", "/v1/installs", body: [UInt8](body), headers: ["Authorization: Bearer \(appKey)"])
        #expect(reply.status == 200, "\(reply.body)")
        return try #require(try ServeTests.json(reply)["match"] as? [String: Any], "\(reply.body)")
    }

    @Test(
        .enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"),
        .enabled(if: TestTool.python.isAvailable, "python3 is missing: run `make test-deps`"))
    func anIPhoneTapCopiesTheLinkAndTheAppFindsTheInviteOnce() throws {
        let folder = TemporaryDirectory()
        let server = try RunningServe(
            site: Repository.root, database: folder.path("invites.sqlite"),
            environment: ["BECKON_APP_KEY": Self.appKey])
        defer { _ = server.stop() }
        let created = try server.api(
            "POST", "/v1/invites", body: #"{"senderId":"u_1","senderFirstName":"Zuzanna","channel":"copy_link"}"#)
        #expect(created.status == 201, "\(created.body)")
        let invite = try ServeTests.json(created)
        let code = try #require(invite["code"] as? String)
        let link = try #require(invite["link"] as? String)
        #expect(link.hasPrefix("https://join.playa.app/invite/\(code)?"), "\(link)")

        // The signed link on this server, over http: the test has no TLS or proxy in front. The
        // script sends the button's requests to join.playa.app here, as the proxy would.
        let run = try Self.tap("http://127.0.0.1:\(server.port)" + ServeTests.path(link))
        let report = try #require(
            try? JSONDecoder().decode(HandOffReport.self, from: Data(run.output.utf8)), "\(run.errors)\(run.output)")
        #expect(run.status == 0, "\(run.errors)\n\(report.described)")
        #expect(report.clipboard == link, "the page copied \(report.clipboard ?? "nothing")")
        #expect(report.handoff == link + "&store=app-store")
        #expect(report.handoffStatus == 302, "\(report.described)")
        #expect(report.location == "https://apps.apple.com/app/id6478123450")

        // The app's first launch pastes the link; a second launch (or a retry) gets the same invite.
        let pasted = try #require(report.clipboard)
        for attempt in ["first", "second"] {
            let match = try Self.claim(server, clipboard: pasted)
            #expect(match["code"] as? String == code, "\(attempt) claim: \(match)")
            #expect(match["method"] as? String == "clipboard", "\(attempt) claim")
            #expect(match["status"] as? String == "pending", "\(attempt) claim")
            #expect((match["sender"] as? [String: Any])?["firstName"] as? String == "Zuzanna", "\(attempt) claim")
        }

        let feed = try ServeTests.json(server.api("GET", "/v1/events?after=0"))
        let events = (feed["events"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == code }
        // A copied link is sent when it is first opened, so `invite_sent` comes with the opening.
        #expect(
            events.map { $0["event"] as? String ?? "" } == [
                "invite_created", "invite_sent", "invite_link_opened", "invite_store_clicked", "invite_app_installed",
            ], "\(feed)")
        let clicked = events.first { $0["event"] as? String == "invite_store_clicked" }
        #expect(clicked?["platform"] as? String == "ios")
        let installed = events.first { $0["event"] as? String == "invite_app_installed" }
        #expect(installed?["method"] as? String == "clipboard")
        #expect(installed?["platform"] as? String == "ios")
        #expect(server.stop() == 0)
    }

    /// Seed 001 §4.2 on a phone: with a 60-character name, the invite's own page (its hand-off
    /// and its sender, shortened to the first word where the name as given fails the title's
    /// limit) keeps the App Store button in the first screen of a 390×844 iPhone, before any
    /// scrolling, and never shows the name twice.
    @Test(
        .enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"),
        .enabled(if: TestTool.python.isAvailable, "python3 is missing: run `make test-deps`"))
    func aLongNameKeepsTheStoreButtonInTheFirstScreen() throws {
        let folder = TemporaryDirectory()
        let server = try RunningServe(
            site: Repository.root, database: folder.path("invites.sqlite"),
            environment: ["BECKON_APP_KEY": Self.appKey])
        defer { _ = server.stop() }
        let name = "Maximiliane Alexandra Konstantinopulou-Wittgenstein Ferreira"
        #expect(name.count == 60)
        let created = try server.api(
            "POST", "/v1/invites", body: #"{"senderId":"u_2","senderFirstName":"\#(name)","channel":"copy_link"}"#)
        #expect(created.status == 201, "\(created.body)")
        let link = try #require(try ServeTests.json(created)["link"] as? String)
        let run = try Self.tap("http://127.0.0.1:\(server.port)" + ServeTests.path(link))
        let report = try #require(
            try? JSONDecoder().decode(HandOffReport.self, from: Data(run.output.utf8)), "\(run.errors)\(run.output)")
        #expect(report.button.bottom <= 844, "the App Store button ends at \(report.button.bottom) px")
        #expect(report.button.top >= 0)
        #expect(report.text.contains("Maximiliane"), "\(report.text)")
        #expect(report.text.components(separatedBy: name).count - 1 <= 1, "\(report.text)")
        #expect(server.stop() == 0)
    }
}
