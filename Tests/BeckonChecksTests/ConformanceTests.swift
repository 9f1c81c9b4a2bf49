import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import Foundation
import Testing

/// The link and document rules against a corpus of small HTML files written for them, in the style
/// of html-proofer's and lychee's fixtures: each file names the rules it must trip in its first
/// line (`<!-- expect: links.target -->`, or `none`), and is linted as `beckon lint` lints a file:
/// its folder's files are the link targets, `good.example` is an allowed host and `playa` a
/// declared scheme.
@Suite struct ConformanceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Conformance")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            name.hasSuffix(".html")
                && (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?.hasPrefix(
                    "<!-- expect:") == true
        }.sorted()
    }

    /// The linted file as a document and the files its links reach, read as `beckon lint` reads
    /// them (only those).
    static func site(linting name: String) -> CheckedSite {
        var files = LintFiles.disk()
        files.add(linting: [folder.appendingPathComponent(name)], below: folder)
        return files.site
    }

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count >= 30)
    }

    @Test(arguments: cases)
    func eachCaseFindsExactlyWhatItExpects(name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let header = text.prefix { $0 != ">" }.dropFirst("<!-- expect:".count).dropLast(2)
        let expected = Set(header.split(separator: " ").map(String.init).filter { $0 != "none" })
        let checker = Checker.lint(allowedHosts: ["good.example"], schemes: ["playa"])
        let findings = checker.check(Self.site(linting: name))
        #expect(
            Set(findings.map(\.rule.rawValue)) == expected, "\(name): \(findings.map { "\($0.rule) \($0.message)" })")
    }
}
