import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonLocalization

/// Imports as an attacker would send them: files the site would then refuse, files that are not
/// files, JSON that says two things, values other YAML readers would type.
@Suite struct HostileImportTests {
    typealias Fixture = HandoffFixture

    /// A String Catalog export with one German value replaced.
    static func catalog(setting key: String, to value: String) throws -> String {
        try Fixture.editingCatalog(Fixture.export(.xcstrings), key: key, value: value)
    }

    @Test func aTranslationThatWouldMakeTheBundleTooLargeIsRefusedAtItsUnit() throws {
        let huge = String(repeating: "Einladung ", count: (InputReader.textSizeLimit / 10) + 1)
        let text = try Self.catalog(setting: "landing.braces", to: huge)
        let plan = Fixture.plan(text, path: "de.xcstrings")
        #expect(plan.changes.isEmpty)
        let diagnostic = try #require(plan.diagnostics.first)
        #expect(plan.diagnostics.count == 1)
        #expect(diagnostic.rule == "input.too-large")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.fix?.isEmpty == false)
        // At the unit in the imported file: its German localization, after the key's line.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let keyLine = try #require(lines.firstIndex { $0.contains("\"landing.braces\"") })
        let line = try #require(diagnostic.location?.line)
        #expect(diagnostic.location?.file == "de.xcstrings")
        #expect(line > keyLine + 1)
        #expect(lines[line - 1].contains("\"de-DE\""))
        #expect(diagnostic.message.contains("locales/de-DE.yml"))
    }

    @Test func aTranslationJustUnderTheLimitIsImported() throws {
        let long = String(repeating: "Einladung ", count: 1_000)
        let plan = Fixture.plan(try Self.catalog(setting: "landing.braces", to: long), path: "de.xcstrings")
        #expect(Fixture.describe(plan.diagnostics) == "")
        #expect(plan.changes.count == 1)
    }

    @Test func aCharacterTheLoaderRefusesIsRefusedAtItsUnit() throws {
        // U+100000, which Beckon reserves for tracing output, smuggled in as a JSON escape.
        let text = try Self.catalog(setting: "landing.braces", to: "Klammern \u{100000}")
        let plan = Fixture.plan(text, path: "de.xcstrings")
        #expect(plan.changes.isEmpty)
        #expect(plan.diagnostics.map(\.rule) == ["input.reserved-character"])
        #expect(plan.diagnostics.first?.location?.file == "de.xcstrings")
        #expect(plan.diagnostics.first?.location?.line ?? 0 > 1)
    }

    @Test func aDuplicatedMemberInAReviewFileIsRefusedAtItsSecondOccurrence() throws {
        let text = ReviewImportTests.reviewFile([
            "{\"key\": \"common.friend\", \"decision\": \"approved\", \"decision\": \"needs-work\", \"note\": \"x\"}"
        ])
        let plan = Fixture.plan(text, path: "review-de-DE.json")
        #expect(plan.changes.isEmpty)
        #expect(plan.diagnostics.map(\.rule) == [HandoffRule.json])
        let second = try #require(text.ranges(of: "\"decision\"").dropFirst().first)
        let lineStart = text[..<second.lowerBound].lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex
        #expect(plan.diagnostics.first?.location?.line == 2)
        #expect(plan.diagnostics.first?.location?.column == text.distance(from: lineStart, to: second.lowerBound) + 1)
        #expect(plan.diagnostics.first?.message.contains("`decision` appears twice") == true)
    }

    @Test func aDuplicatedMemberInAStringCatalogIsRefused() throws {
        let text = "{\"sourceLanguage\": \"en-US\",\n \"sourceLanguage\": \"de-DE\", \"strings\": {}}"
        let plan = Fixture.plan(text, path: "x.xcstrings")
        #expect(plan.diagnostics.map(\.rule) == [HandoffRule.json])
        #expect(plan.diagnostics.first?.location?.description == "x.xcstrings:2:2")
    }

    @Test func aNoteMayStartWithAByteOrderMarkWhichIsDropped() throws {
        let text = ReviewImportTests.reviewFile([
            "{\"key\": \"common.friend\", \"decision\": \"needs-work\", \"note\": \"\\ufeffSay Freund.\"}"
        ])
        let plan = Fixture.plan(text, path: "review-de-DE.json")
        #expect(Fixture.describe(plan.diagnostics) == "")
        let bundle = try #require(ReviewImportTests.applied(plan).bundles[Fixture.germanLocale])
        #expect(bundle.entries["common.friend"]?.review?.note == "Say Freund.")
    }

    @Test func aTranslationStartingWithAByteOrderMarkIsImportedWithoutIt() throws {
        let plan = Fixture.plan(
            try Self.catalog(setting: "landing.braces", to: "\u{FEFF}Klammern"), path: "x.xcstrings")
        #expect(Fixture.describe(plan.diagnostics) == "")
        let bundle = try #require(ReviewImportTests.applied(plan).bundles[Fixture.germanLocale])
        #expect(bundle.entries["landing.braces"]?.text == "Klammern")
    }

    @Test(arguments: ["0x1F", "yes", ".inf", "2001-12-14", "~", "1_000", "Off"])
    func aValueOtherReadersWouldTypeIsWrittenQuoted(value: String) throws {
        let plan = Fixture.plan(try Self.catalog(setting: "landing.braces", to: value), path: "x.xcstrings")
        #expect(Fixture.describe(plan.diagnostics) == "")
        let change = try #require(plan.changes.first)
        #expect(change.newText.contains("message: \"\(value)\""), "\(change.newText)")
    }
}
