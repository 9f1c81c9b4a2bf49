import BeckonTestSupport
import Foundation
import Testing

/// The default site's emails as a receiving server's SpamAssassin scores them (local tests only,
/// no network): no rule with a positive score, in particular no word split by a tag
/// (`HTML_OBFUSCATE_*`), which Japanese sentences tripped when names and links sat in tags directly
/// against the text. `make test-deps` installs spamassassin; without it the test is reported as
/// skipped.
@Suite struct SpamAssassinTests {
    static let spamassassin = TestTool.program("spamassassin")

    /// Every message of a folder in one mbox, so SpamAssassin starts once.
    static func mbox(_ messages: [URL]) throws -> String {
        try messages.map { url in
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
            let escaped = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasPrefix("From ") ? ">" + $0 : String($0)
            }.joined(separator: "\n")
            return "From beckon@localhost Mon Nov 23 00:00:00 2026\n" + escaped + "\n"
        }.joined()
    }

    /// The rules that scored above zero in each report of `spamassassin -t` output.
    static func positiveRules(in output: String) -> [[String]] {
        output.components(separatedBy: "Content analysis details:").dropFirst().map { report in
            report.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count >= 2, let points = Double(fields[0]), points > 0,
                    fields[1].allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" })
                else { return nil }
                return "\(fields[1]) \(points)"
            }
        }
    }

    @Test(.enabled(if: TestTool.spamassassin.isAvailable, "spamassassin is not installed: run `make test-deps`"))
    func noEmailScores() throws {
        let spamassassin = try #require(Self.spamassassin)
        let messages = EmailTests.emails(in: EmailTests.defaultSite.path("out/emails"))
        #expect(messages.contains { $0.path.contains("/ja-JP/") })
        let folder = TemporaryDirectory()
        let input = folder.path("all.mbox")
        let output = folder.path("report.txt")
        try Data(try Self.mbox(messages).utf8).write(to: input)
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = spamassassin
        process.arguments = ["-L", "--mbox", "-t"]
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let reports = Self.positiveRules(in: String(decoding: try Data(contentsOf: output), as: UTF8.self))
        #expect(reports.count == messages.count, "one report per message")
        for (message, rules) in zip(messages, reports) {
            #expect(rules.isEmpty, "\(message.pathComponents.suffix(3).joined(separator: "/")): \(rules)")
        }
    }

    @Test func theReportReaderFindsScoringRules() {
        let report = """
            Content analysis details:   (0.2 points, 5.0 required)

             pts rule name              description
            ---- ---------------------- --------------------------------------------------
            -0.0 NO_RECEIVED            Informational: message has no Received headers
             0.2 HTML_OBFUSCATE_10_20   BODY: Message is 10% to 20% HTML obfuscation
            """
        #expect(Self.positiveRules(in: report) == [["HTML_OBFUSCATE_10_20 0.2"]])
    }
}
