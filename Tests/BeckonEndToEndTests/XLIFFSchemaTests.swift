import BeckonTestSupport
import Foundation
import Testing

/// Every XLIFF export is valid against the OASIS schemas (XLIFF 1.2 strict, XLIFF 2.0 core), with
/// every state Beckon writes in it: translated, stale, new, approved and needing work.
/// `scripts/validate-xliff.sh` takes the schemas from a Debian package and validates offline; where
/// xmllint or the schemas cannot be had the test is reported as skipped.
@Suite struct XLIFFSchemaTests {
    @Test(
        .enabled(
            if: TestTool.xliffSchemas.isAvailable,
            "xmllint or the OASIS XLIFF schemas are missing: run `make test-deps` (scripts/validate-xliff.sh --schemas says why)"
        ),
        arguments: ["xliff12", "xliff20"])
    func exportsAreValidAgainstTheOASISSchemas(format: String) throws {
        let site = try HandoffCommandTests.defaultSite()
        // A stale string (its source edited), a new one (a key only English has) and two decisions.
        let english = site.path("locales/en-US.yml")
        try Data(
            try String(contentsOf: english, encoding: .utf8)
                .replacingOccurrences(of: "  help: Questions?\n", with: "  help: Any questions?\n  extra: New line\n")
                .utf8
        ).write(to: english)
        let review = """
            {"format": "beckon-review", "version": 1, "locale": "de-DE", "decisions": [
             {"key": "landing.title", "decision": "approved"},
             {"key": "landing.subtitle", "decision": "needs-work", "note": "Kürzer, bitte & <klarer>."}]}
            """
        try Data(review.utf8).write(to: site.path("review.json"))
        #expect(try HandoffCommandTests.run(["l10n", "import", "review.json"], in: site).status == 0)
        var files: [String] = []
        for locale in ["de-DE", "ar", "ja-JP"] {
            let file = "\(locale).\(format).xlf"
            let export = try HandoffCommandTests.run(
                ["l10n", "export", "--format", format, "--locale", locale, "--output", file], in: site)
            #expect(export.status == 0, "\(export.stderr)")
            files.append(site.path(file).path)
        }
        let german = try String(contentsOf: site.path("de-DE.\(format).xlf"), encoding: .utf8)
        #expect(german.contains(format == "xliff12" ? "state=\"final\"" : "state=\"final\""))
        #expect(german.contains(format == "xliff12" ? "from=\"reviewer\"" : "category=\"reviewer\""))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Repository.root.appendingPathComponent("scripts/validate-xliff.sh").path] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.contains("fails to validate"), "\(text)")
    }
}
