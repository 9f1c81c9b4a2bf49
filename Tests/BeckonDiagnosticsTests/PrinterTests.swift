import BeckonDiagnostics
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct PrinterTests {
    let sources: SourceStore = {
        let store = SourceStore()
        store.add(SourceText(path: "beckon.yml", text: "app:\n  nmae: Playa\n  baseURL: https://x.test\n"))
        return store
    }()

    var report: DiagnosticReport {
        var diagnostic = Diagnostic.error(
            "config.unknown-key", "unknown key `nmae` in `app` (did you mean `name`?)",
            at: SourceLocation(file: "beckon.yml", line: 2, column: 3), fix: "Use one of: name, baseURL.")
        diagnostic.locale = "de-DE"
        return DiagnosticReport([diagnostic, .warning("l10n.fallback", "50%, a:b\nnext", at: nil)]).finalized()
    }

    @Test func textQuotesTheLineWithACaretUnderTheColumn() {
        let text = DiagnosticFormat.text.render(report, sources: sources)
        #expect(text.contains("beckon.yml:2:3: error[config.unknown-key]: unknown key `nmae`"))
        #expect(text.contains("  > 2 |   nmae: Playa\n      |   ^\n"))
        #expect(text.contains("fix: Use one of: name, baseURL."))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let json = DiagnosticFormat.json.render(report, sources: sources)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["errors": 1, "warnings": 1, "errorOccurrences": 1])
        let first = try #require(diagnostics.last)
        for key in ["file", "line", "column", "severity", "rule", "message", "fix"] {
            #expect(first[key] != nil, "missing \(key)")
        }
        #expect(first["locale"] as? String == "de-DE")
    }

    @Test func githubAnnotationsEscapeDataAndProperties() {
        let text = DiagnosticFormat.github.render(report, sources: sources)
        #expect(text.contains("::error file=beckon.yml,line=2,col=3,title=config.unknown-key::unknown key"))
        #expect(text.contains("::warning title=l10n.fallback::50%25, a:b%0Anext"))
        #expect(!text.contains("50%,"))
    }

    @Test(arguments: [DiagnosticFormat.junit, .sarif, .json])
    func machineFormatsParse(format: DiagnosticFormat) throws {
        let output = Data(format.render(report, sources: sources, toolVersion: "1.0").utf8)
        if format == .junit {
            let parser = XMLParser(data: output)
            #expect(parser.parse(), "JUnit output is not well-formed XML")
        } else {
            #expect(try JSONSerialization.jsonObject(with: output) is [String: Any])
        }
    }

    @Test func junitListsErrorsAsFailures() {
        let xml = DiagnosticFormat.junit.render(report, sources: sources)
        #expect(xml.contains("failures=\"1\""))
        #expect(xml.contains("<failure type=\"config.unknown-key\""))
    }

    @Test func sarifNamesRulesAndRegions() throws {
        let sarif = DiagnosticFormat.sarif.render(report, sources: sources, toolVersion: "1.0")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(sarif.contains("\"startLine\" : 2"))
        #expect(sarif.contains("\"ruleId\" : \"config.unknown-key\""))
    }

    @Test func cleanRunsStillProduceAJUnitCase() {
        let xml = DiagnosticFormat.junit.render(DiagnosticReport(), sources: sources)
        #expect(xml.contains("<testcase classname=\"beckon\" name=\"no findings\"/>"))
    }
}
