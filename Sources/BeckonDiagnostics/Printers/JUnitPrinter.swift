/// Prints JUnit XML: one `testsuite` per rule family, one `testcase` per finding (errors as
/// `failure`, warnings and notes as passing cases with `system-out`), and a passing case when a
/// run is clean, so CI test tabs always show that the check ran.
struct JUnitPrinter {
    func render(_ report: DiagnosticReport) -> String {
        var families: [Substring: [Diagnostic]] = [:]
        for diagnostic in report.diagnostics { families[diagnostic.rule.family, default: []].append(diagnostic) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"beckon\" tests=\"\(max(1, report.diagnostics.count))\" failures=\"\(report.errorCount)\">\n"
        if families.isEmpty {
            out += "  <testsuite name=\"beckon\" tests=\"1\" failures=\"0\">\n"
            out += "    <testcase classname=\"beckon\" name=\"no findings\"/>\n"
            out += "  </testsuite>\n"
        }
        for family in families.keys.sorted() {
            let cases = families[family] ?? []
            let failures = cases.count { $0.severity == .error }
            let name = String(family).xmlEscaped
            out += "  <testsuite name=\"\(name)\" tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
            for diagnostic in cases { out += testCase(diagnostic) }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private func testCase(_ diagnostic: Diagnostic) -> String {
        let place = diagnostic.location?.description ?? "site"
        let name = "\(place) \(diagnostic.rule)".xmlEscaped
        let file = diagnostic.location.map { " file=\"\($0.file.xmlEscaped)\" line=\"\($0.line)\"" } ?? ""
        var body = diagnostic.message
        if let fix = diagnostic.fix { body += "\nfix: \(fix)" }
        // Every place the finding was made, one line each.
        for occurrence in diagnostic.allOccurrences where occurrence.artifact != nil {
            let context = Occurrence.summary([occurrence])
            body +=
                "\nin \(occurrence.artifact ?? ""), line \(occurrence.line ?? 1)\(context.isEmpty ? "" : " (\(context))")"
        }
        var out = "    <testcase classname=\"\(diagnostic.rule.rawValue.xmlEscaped)\" name=\"\(name)\"\(file)>\n"
        if diagnostic.severity == .error {
            out +=
                "      <failure type=\"\(diagnostic.rule.rawValue.xmlEscaped)\" message=\"\(diagnostic.message.xmlEscaped)\">\(body.xmlEscaped)</failure>\n"
        } else {
            out += "      <system-out>\(diagnostic.severity.rawValue): \(body.xmlEscaped)</system-out>\n"
        }
        out += "    </testcase>\n"
        return out
    }
}
