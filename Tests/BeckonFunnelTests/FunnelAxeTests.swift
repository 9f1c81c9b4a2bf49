import BeckonFunnel
import BeckonTestSupport
import Foundation
import Testing

/// The HTML report opened in headless Chromium at a phone's width and a desktop's, in the light
/// palette and the dark one, with axe-core run in it by `scripts/axe-check.py` (WCAG 2.0–2.2 A and
/// AA rules): no violation.
@Suite(
    .serialized,
    .enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"),
    .enabled(if: TestTool.axe.isAvailable, "axe-core or python3 is missing: run `make test-deps`"))
struct FunnelAxeTests {
    /// What `scripts/axe-check.py` prints: the rules violated, with the nodes that violate them.
    struct Findings: Decodable {
        struct Violation: Decodable {
            let id: String
            let help: String
            let nodes: [[String: String?]]
        }
        let lang: String
        let passes: Int
        let violations: [Violation]
    }

    @Test(arguments: [390, 1280], [false, true])
    func axeFindsNoViolation(width: Int, dark: Bool) throws {
        let folder = TemporaryDirectory()
        let page = folder.path("funnel.html")
        try Data(FunnelReport(FunnelHTMLTests.counts).html().utf8).write(to: page)
        let process = Process()
        process.executableURL = TestTool.program("python3")
        process.arguments = [
            Repository.root.appendingPathComponent("scripts/axe-check.py").path,
            "--chromium-arg=--window-size=\(width),900",
            "--chromium-arg=--blink-settings=preferredColorScheme=\(dark ? 0 : 1)", page.absoluteString,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["BECKON_AXE"] = TestTool.axeScript.path
        process.environment = environment
        let (status, output, errors) = try CapturedRun.run(process)
        let said = String(decoding: errors + output, as: UTF8.self)
        let findings = try #require(try? JSONDecoder().decode(Findings.self, from: output), "\(said)")
        #expect(findings.lang == "en")
        #expect(findings.passes > 0)
        #expect(findings.violations.isEmpty, "\(findings.violations.map { "\($0.id): \($0.help)" }): \(said)")
        #expect(status == 0)
    }
}
