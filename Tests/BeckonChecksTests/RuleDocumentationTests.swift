import BeckonChecks
import BeckonTestSupport
import Foundation
import Testing

/// `docs/rules.md` is generated from the rules' doc comments; this test fails when it is stale.
/// Regenerate it with `BECKON_RECORD_GOLDENS=1 swift test --filter RuleDocumentationTests`.
@Suite struct RuleDocumentationTests {
    @Test func rulesDocumentationIsCurrent() throws {
        let generated = try RuleDocumentation.markdown(
            rulesFolder: Repository.root.appendingPathComponent("Sources/BeckonChecks/Rules"))
        if let difference = GoldenFile.compare(Data(generated.utf8), with: "docs/rules.md") {
            Issue.record(Comment(rawValue: difference + "\nRegenerate with BECKON_RECORD_GOLDENS=1."))
        }
    }

    @Test func everyRuleIsDocumented() throws {
        let documented = try RuleDocumentation.rules(
            rulesFolder: Repository.root.appendingPathComponent("Sources/BeckonChecks/Rules")
        ).map(\.id)
        #expect(Set(documented) == Set(Checker.allRuleIDs.map(\.rawValue)))
        #expect(documented.count == Set(documented).count)
    }
}
