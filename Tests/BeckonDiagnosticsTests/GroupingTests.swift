import Foundation
import Testing

@testable import BeckonDiagnostics

typealias SourceLocation = BeckonDiagnostics.SourceLocation

@Suite struct GroupingTests {
    static let line12 = SourceLocation(file: "templates/pages/landing.md", line: 12, column: 5)

    static func finding(
        _ locale: String, _ sample: String?, at location: SourceLocation = line12, message: String = "`/x/` is missing",
        detail: String? = nil
    ) -> Diagnostic {
        var diagnostic = Diagnostic.error("links.target", message, at: location, fix: "Fix the path.")
        diagnostic.locale = locale
        diagnostic.sample = sample
        diagnostic.artifact = "\(locale)/\(sample.map { "samples/\($0)/" } ?? "")invite/index.html"
        diagnostic.artifactLine = 40
        diagnostic.detail = detail
        return diagnostic
    }

    static let everywhere: [Diagnostic] = ["en-US", "de-DE", "ja-JP", "ar"].flatMap { locale in
        [nil, "long-name", "emoji-name"].map { finding(locale, $0) }
    }

    @Test func oneFindingAcrossLocalesAndSamplesIsOneDiagnostic() throws {
        let report = DiagnosticReport(Self.everywhere).finalized()
        #expect(report.diagnostics.count == 1)
        #expect(report.errorCount == 1)
        #expect(report.errorOccurrenceCount == 12)
        let grouped = try #require(report.diagnostics.first)
        #expect(grouped.location == Self.line12)
        #expect(grouped.occurrences.count == 12)
        #expect(grouped.locale == nil)
        #expect(grouped.sample == nil)
        #expect(
            Occurrence.summary(grouped.occurrences)
                == "in ar, de-DE, en-US and ja-JP, samples emoji-name and long-name")
    }

    @Test(arguments: [
        (Self.finding("de-DE", String?.none, message: "another message"), 2),
        (Self.finding("de-DE", String?.none, at: SourceLocation(file: "locales/de-DE.yml", line: 3)), 2),
        (Self.finding("de-DE", "long-name", detail: "2.9:1"), 1),
        (Self.finding("de-DE", "long-name"), 1),
    ])
    func onlyRuleLocationMessageAndFixKeepFindingsApart(extra: Diagnostic, expected: Int) {
        let report = DiagnosticReport([Self.finding("en-US", String?.none), extra]).finalized()
        #expect(report.diagnostics.count == expected)
    }

    @Test func aFindingMadeOnceKeepsItsLocaleAndSample() throws {
        let report = DiagnosticReport([Self.finding("de-DE", "long-name")]).finalized()
        let only = try #require(report.diagnostics.first)
        #expect(only.occurrences.isEmpty)
        #expect(only.locale == "de-DE")
        #expect(only.sample == "long-name")
        #expect(only.artifactNote == "in de-DE/samples/long-name/invite/index.html, line 40")
    }

    @Test func groupingTwiceChangesNothing() {
        let once = DiagnosticReport(Self.everywhere).finalized()
        #expect(once.finalized() == once)
    }

    @Test func everyFormatKeepsEveryOccurrence() throws {
        let report = DiagnosticReport(Self.everywhere).finalized()
        let sources = SourceStore()
        let text = DiagnosticFormat.text.render(report, sources: sources)
        #expect(text.components(separatedBy: "error[links.target]").count == 2)
        #expect(text.contains("(in ar, de-DE, en-US and ja-JP, samples emoji-name and long-name)"))
        #expect(text.contains("note: in ar/invite/index.html, line 40 (and 11 more)"))

        let json = DiagnosticFormat.json.render(report, sources: sources)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect((diagnostics.first?["occurrences"] as? [Any])?.count == 12)

        let sarif = DiagnosticFormat.sarif.render(report, sources: sources)
        #expect(sarif.components(separatedBy: "\"physicalLocation\"").count - 1 == 1 + 12)

        let junit = DiagnosticFormat.junit.render(report, sources: sources)
        #expect(junit.components(separatedBy: "line 40").count - 1 == 12)
    }
}
