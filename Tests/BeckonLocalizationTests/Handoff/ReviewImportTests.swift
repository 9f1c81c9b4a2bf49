import BeckonDiagnostics
import BeckonSite
import Foundation
import Testing

@testable import BeckonLocalization

/// Reviewers' decisions: a review file from the review page, and XLIFF states, recorded in the
/// bundle with the translation they were made on.
@Suite struct ReviewImportTests {
    typealias Fixture = HandoffFixture

    static func reviewFile(_ decisions: [String], locale: String = "de-DE") -> String {
        "{\"format\": \"beckon-review\", \"version\": 1, \"locale\": \"\(locale)\", \"decisions\": [\n"
            + decisions.joined(separator: ",\n") + "\n]}\n"
    }

    static func decision(_ key: String, _ decision: String, text: String? = nil, note: String? = nil) -> String {
        var members = ["\"key\": \"\(key)\"", "\"decision\": \"\(decision)\""]
        if let text { members.append("\"translationHash\": \"\(SourceHash.of(text))\"") }
        if let note { members.append("\"note\": \"\(note)\"") }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// The catalog after applying a plan's changes.
    static func applied(_ plan: HandoffImportPlan, to catalog: Catalog = Fixture.catalog()) -> Catalog {
        var texts = ["en-US": Fixture.english, "de-DE": Fixture.german, "ar": Fixture.arabic]
        for change in plan.changes { texts[change.locale.rawValue] = change.newText }
        return Fixture.catalog(texts)
    }

    static let german = Fixture.germanLocale

    @Test func decisionsAreRecordedWithTheTranslationTheyWereMadeOn() throws {
        let text = Self.reviewFile([
            Self.decision("common.friend", "approved", text: "Jemand"),
            Self.decision("landing.title", "approved", note: "Reads well."),
            Self.decision("common.cta", "needs-work", text: "Hol dir die App", note: "Say \\\"Lade\\\" instead."),
            Self.decision("landing.count", "approved"),
        ])
        let plan = Fixture.plan(text, path: "review-de-DE.json")
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.translationCount == 4)
        let change = try #require(plan.changes.first)
        #expect(change.keys == ["common.friend", "landing.title", "common.cta", "landing.count"])
        let bundle = try #require(Self.applied(plan).bundles[Self.german])
        let friend = try #require(bundle.entries["common.friend"]?.currentReview)
        #expect(friend == StringReview(decision: .approved, translationHash: SourceHash.of("Jemand"), note: nil))
        #expect(bundle.entries["landing.title"]?.currentReview?.note == "Reads well.")
        let cta = try #require(bundle.entries["common.cta"]?.currentReview)
        #expect(cta.decision == .needsWork)
        #expect(cta.note == "Say \"Lade\" instead.")
        // Approving the stale plural confirms it answers to the current source; a request for
        // changes confirms nothing.
        let source = try #require(Fixture.catalog().sourceBundle)
        #expect(bundle.entries["landing.count"]?.sourceHash == SourceHash.of(source.entries["landing.count"]!.text))
        #expect(bundle.entries["common.cta"]?.text == "Hol dir die App")
        // Importing the same decisions again changes nothing.
        let again = HandoffImport.plan(Array(text.utf8), path: "review-de-DE.json", catalog: Self.applied(plan))
        #expect(again.changes.isEmpty)
        #expect(again.diagnostics.isEmpty)
    }

    @Test func aDecisionOnATextThatChangedSinceIsSkipped() {
        let plan = Fixture.plan(
            Self.reviewFile([Self.decision("common.friend", "approved", text: "Ein Freund")]), path: "r.json")
        #expect(plan.diagnostics.map(\.rule) == [HandoffRule.reviewOutdated])
        #expect(plan.diagnostics.first?.severity == .warning)
        #expect(plan.diagnostics.first?.location?.line == 2)
        #expect(plan.changes.isEmpty)
    }

    @Test func aDecisionOnAStringWithoutTranslationIsSkipped() {
        let plan = Fixture.plan(Self.reviewFile([Self.decision("landing.braces", "approved")]), path: "r.json")
        #expect(plan.diagnostics.map(\.rule) == [HandoffRule.reviewOutdated])
        #expect(plan.changes.isEmpty)
    }

    @Test(
        arguments: [
            (reviewFile([decision("common.frend", "approved")]), HandoffRule.unknownKey),
            (reviewFile([decision("common.friend", "maybe")]), HandoffRule.json),
            (reviewFile([decision("common.friend", "approved")], locale: "fr-FR"), HandoffRule.locale),
            (reviewFile([decision("common.friend", "approved")], locale: "en-US"), HandoffRule.locale),
            (
                "{\"format\": \"beckon-review\", \"version\": 2, \"locale\": \"de-DE\", \"decisions\": []}",
                HandoffRule.json
            ),
            ("{\"format\": \"beckon-review\", \"version\": 1, \"locale\": \"de-DE\"}", HandoffRule.json),
        ] as [(String, RuleID)])
    func brokenReviewFilesChangeNothing(text: String, rule: RuleID) {
        let plan = Fixture.plan(text, path: "r.json")
        #expect(plan.diagnostics.map(\.rule) == [rule])
        #expect(plan.hasErrors)
        #expect(plan.changes.isEmpty)
    }

    @Test(arguments: [HandoffFormat.xliff12, .xliff20, .xcstrings])
    func decisionsTravelThroughAnExportAndBack(format: HandoffFormat) throws {
        let decided = Fixture.plan(
            Self.reviewFile([
                Self.decision("common.friend", "approved", note: "Good."),
                Self.decision("common.cta", "needs-work", note: "Use \\\"Lade\\\"."),
            ]), path: "r.json")
        let catalog = Self.applied(decided)
        let export = Fixture.export(format, catalog: catalog)
        switch format {
        case .xliff12:
            #expect(export.contains("<target state=\"final\">Jemand</target>"))
            #expect(export.contains("<note from=\"reviewer\">Use \"Lade\".</note>"))
            #expect(export.contains("<target state=\"needs-review-translation\">Hol dir die App</target>"))
        case .xliff20:
            #expect(export.contains("<segment state=\"final\">"))
            #expect(export.contains("subState=\"beckon:needs-work\""))
            #expect(export.contains("<note category=\"reviewer\">Use \"Lade\".</note>"))
        case .xcstrings:
            #expect(export.contains("\"needs_review\""))
            #expect(export.contains("Reviewer (de-DE): Use \\\"Lade\\\"."))
        }
        // An untouched export changes nothing: the decisions it carries are the bundle's.
        let plan = HandoffImport.plan(Array(export.utf8), path: "de.\(format)", catalog: catalog)
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.changes.isEmpty)
    }

    @Test func aTranslatorsFixDropsTheRequestForChanges() throws {
        let decided = Fixture.plan(
            Self.reviewFile([Self.decision("common.cta", "needs-work", note: "Shorter.")]), path: "r.json")
        let catalog = Self.applied(decided)
        let fixed = Fixture.export(.xliff12, catalog: catalog)
            .replacingOccurrences(
                of: "<target state=\"needs-review-translation\">Hol dir die App</target>",
                with: "<target state=\"translated\">Lade die App</target>")
        let plan = HandoffImport.plan(Array(fixed.utf8), path: "de.xlf", catalog: catalog)
        #expect(plan.diagnostics.isEmpty)
        let change = try #require(plan.changes.first)
        #expect(!change.newText.contains("review"))
        let bundle = try #require(Self.applied(plan).bundles[Self.german])
        #expect(bundle.entries["common.cta"]?.text == "Lade die App")
        #expect(bundle.entries["common.cta"]?.review == nil)
    }

    @Test func anXLIFFStateOfFinalApproves() throws {
        let text = Fixture.export(.xliff20).replacingOccurrences(
            of: "<segment state=\"translated\">\n        <source xml:space=\"preserve\">A friend",
            with: "<segment state=\"final\">\n        <source xml:space=\"preserve\">A friend")
        #expect(text.contains("<segment state=\"final\">"))
        let plan = Fixture.plan(text)
        #expect(plan.diagnostics.isEmpty)
        let bundle = try #require(Self.applied(plan).bundles[Self.german])
        #expect(bundle.entries["common.friend"]?.currentReview?.decision == .approved)
    }

    @Test func aHandEditedTranslationIsUnreviewedAgain() throws {
        let decided = Fixture.plan(
            Self.reviewFile([Self.decision("common.friend", "approved")]), path: "r.json")
        let edited = try #require(decided.changes.first?.newText).replacingOccurrences(
            of: "message: Jemand", with: "message: Ein Freund")
        let bundle = try #require(
            Fixture.catalog(["en-US": Fixture.english, "de-DE": edited, "ar": Fixture.arabic]).bundles[Self.german])
        #expect(bundle.entries["common.friend"]?.review?.decision == .approved)
        #expect(bundle.entries["common.friend"]?.currentReview == nil)
    }
}
