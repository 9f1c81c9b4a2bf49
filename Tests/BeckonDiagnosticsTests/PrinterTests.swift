import BeckonDiagnostics
import BeckonRecords
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

    /// A tab is quoted as one space, so the caret under a column lines up; the file's other
    /// characters are quoted as they are, in every chunk of a long report.
    @Test func quotedTabsBecomeSpacesInEveryChunkOfALongReport() {
        let store = SourceStore()
        store.add(SourceText(path: "a.html", text: "<p>\tcafé 日本</p>\r\n<a\thref=x>\n"))
        let findings = (1...300).map {
            Diagnostic.error("links.target", "finding \($0)", at: SourceLocation(file: "a.html", line: 2, column: 4))
        }
        let text = DiagnosticFormat.text.render(DiagnosticReport(findings), sources: store)
        let quoted = "  1 | <p> café 日本</p>\n  > 2 | <a href=x>\n      |    ^\n"
        #expect(text.components(separatedBy: quoted).count - 1 == 300)
        #expect(text.contains("a.html:2:4: error[links.target]: finding 300\n"))
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

/// Findings whose texts hold anything (NULs, replacement characters), as read back from a damaged
/// cache record, print in every format without trapping: the fuzzer's reproducer, which made the
/// text printer's locale check (Foundation's `contains`) trap.
@Suite struct HostileFindingTextTests {
    static let reproducer =
        "0500000000000000000000000000007dae0000000000000000fffe000100000000000000000000000000000100000000000000ff"
        + "ffffffffffffffffffffffffffffffffffffff26ffffffffffffffffffffffffffffffffffffffffff0000000000000000000105"
        + "00010000000000000010000000000000010000000000000000000000010000000000000000000090000000000000000000000000"
        + "00000000000135000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        + "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000659578"
        + "742768746d6c3b209dfafa410505050585050505"

    @Test func findingsReadFromAnyBytesPrintInEveryFormat() throws {
        var hex = Self.reproducer.utf8.makeIterator()
        var bytes: [UInt8] = []
        while let high = hex.next(), let low = hex.next() {
            bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)!)
        }
        var reader = RecordReader(bytes)
        let findings = try reader.read([Diagnostic].self)
        #expect(findings.count == 5)
        #expect(findings.contains { $0.locale?.utf8.contains(0) == true })
        let report = DiagnosticReport(findings).finalized()
        for format in DiagnosticFormat.allCases {
            #expect(!format.render(report, sources: SourceStore()).isEmpty, "\(format)")
        }
    }
}
