import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Testing

/// A list in a bundle is a pool of strings (seed 002's message pools): `KEY.1`, `KEY.2`, …
@Suite struct PoolTests {
    static func parse(_ text: String) -> (LocaleBundle, [Diagnostic]) {
        LocaleBundle.parse(SourceText(path: "locales/en-US.yml", text: text), locale: LocaleID("en-US")!)
    }

    @Test func aListIsAPoolOfNumberedStrings() throws {
        let (bundle, diagnostics) = Self.parse(
            """
            share:
              partner:
                - "Good morning {invitee}!"
                - message: "Thinking of you, {invitee}."
                  description: The evening one
                - Coffee later?
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(bundle.orderedKeys == ["share.partner.1", "share.partner.2", "share.partner.3"])
        let second = try #require(bundle.entries["share.partner.2"])
        #expect(second.text == "Thinking of you, {invitee}.")
        #expect(second.description == "The evening one")
        #expect(second.location.line == 4)
        #expect(bundle.entries["share.partner.3"]?.location.line == 6)
    }

    @Test(arguments: [
        ("share:\n  partner: []\n", "l10n.empty-pool", 2),
        ("share:\n  partner:\n    - [a, b]\n", "l10n.type", 3),
        ("share:\n  partner:\n" + String(repeating: "    - x\n", count: 101), "l10n.pool-size", 2),
        ("toast:\n  message: Sent\n  role: tost\n", "l10n.invalid-value", 3),
    ])
    func problemsAreLocated(text: String, rule: RuleID, line: Int) {
        let (_, diagnostics) = Self.parse(text)
        let finding = diagnostics.first { $0.rule == rule }
        #expect(finding?.location?.line == line, "\(diagnostics)")
    }

    @Test func aRoleIsRead() {
        let (bundle, diagnostics) = Self.parse("sent:\n  message: Invite sent\n  role: toast\n")
        #expect(diagnostics.isEmpty)
        #expect(bundle.entries["sent"]?.role == .toast)
    }
}
