import BeckonChecks
import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Testing

/// Each localization rule with a bundle pair that must fire it and the clean pair that must not.
@Suite struct CatalogRuleTests {
    static let source = """
        greeting:
          message: "Hi {inviter}, see [help](https://x.test/help) or write to help@x.test."
          maxChars: 100
          maxWords: 12
        brand:
          message: Playa
          allowSameAsSource: true
        button: Get **{app}**
        """
    static let translation = """
        greeting:
          message: "Hallo {inviter}, siehe [Hilfe](https://x.test/help) oder schreib an help@x.test."
          sourceHash: \(SourceHash.of("Hi {inviter}, see [help](https://x.test/help) or write to help@x.test."))
        brand: Playa
        button: Hol dir **{app}**
        """

    func input(source: String = source, translation: String = translation, used: Bool = true) -> LocalizationInput {
        let english = LocaleBundle.parse(
            SourceText(path: "locales/en-US.yml", text: source), locale: LocaleID("en-US")!
        ).0
        let german = LocaleBundle.parse(
            SourceText(path: "locales/de-DE.yml", text: translation), locale: LocaleID("de-DE")!
        ).0
        let (value, _) = YAMLParser.parse("default: en-US\nlist: [en-US, de-DE]\n", path: "beckon.yml")
        let locales = LocalesConfig(
            YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default", "list"]))
        let catalog = Catalog(locales: locales, bundles: [LocaleID("en-US")!: english, LocaleID("de-DE")!: german])
        let usage: [MessageKey: [String]] = used ? ["greeting": ["t.md"], "brand": ["t.md"], "button": ["t.md"]] : [:]
        var renderings: [LocaleID: [MessageKey: [LocalizationInput.Rendering]]] = [:]
        for (locale, bundle) in [(LocaleID("en-US")!, english), (LocaleID("de-DE")!, german)] {
            renderings[locale] = bundle.entries.mapValues { entry in
                [
                    LocalizationInput.Rendering(
                        sample: "long", text: entry.text.replacingOccurrences(of: "{inviter}", with: "Anna-Maria"),
                        measuredIn: locale)
                ]
            }
        }
        return LocalizationInput(
            catalog: catalog, usage: usage, renderings: renderings, locales: [LocaleID("en-US")!, LocaleID("de-DE")!])
    }

    @Test func theCleanPairHasNoFindings() {
        #expect(Checker.standard().check(input()).isEmpty, "\(Checker.standard().check(input()).map(\.message))")
    }

    @Test(arguments: [
        ("Hallo {inviter}, siehe", "Hallo {inviterr}, siehe", "l10n.argument-mismatch"),
        ("https://x.test/help) oder", "https://x.test/hilfe) oder", "l10n.url-mismatch"),
        ("help@x.test.\"", "hilfe@x.test.\"", "l10n.url-mismatch"),
        ("[Hilfe](https://x.test/help)", "Hilfe (https://x.test/help)", "l10n.markup-mismatch"),
        ("Hol dir **{app}**", "Hol dir {app}", "l10n.markup-mismatch"),
        ("button: Hol dir **{app}**", "button: Get **{app}**", "l10n.untranslated"),
        ("Hallo {inviter}, siehe", "Hallo  {inviter}, siehe", "l10n.whitespace"),
        ("sourceHash: ", "sourceHash: 0000", "l10n.stale"),
        (
            "Hallo {inviter}, siehe", "Hallo {inviter}, schau dir bitte unbedingt einmal ganz in Ruhe an, siehe",
            "l10n.too-long"
        ),
        ("brand: Playa", "brand: Playa\nextra: Nur hier", "l10n.unused-key"),
    ])
    func eachRuleFiresOnItsDefect(old: String, new: String, rule: String) throws {
        let translation = Self.translation.replacingOccurrences(of: old, with: new)
        #expect(translation != Self.translation, "the mutation did not apply")
        let findings = Checker.standard().check(input(translation: translation))
        let match = try #require(
            findings.first { $0.rule.rawValue == rule }, "expected \(rule): \(findings.map(\.rule))")
        #expect(match.location?.file == "locales/de-DE.yml")
        #expect(match.locale == "de-DE")
        #expect(match.fix != nil)
    }

    /// A translation may select on `{inviterGender}` though its source does not (its language's
    /// verbs agree with the inviter); any other argument of its own is still refused.
    @Test func aTranslationMayAddTheInvitersGenderOnly() {
        let agreeing = Self.translation.replacingOccurrences(
            of: "Hallo {inviter}, siehe",
            with: "{inviterGender, select, female {Hallo {inviter}, siehe} other {Hallo {inviter}, siehe}}")
        #expect(agreeing != Self.translation)
        #expect(
            !Checker.standard().check(input(translation: agreeing)).contains { $0.rule == "l10n.argument-mismatch" })
        let other = Self.translation.replacingOccurrences(
            of: "Hallo {inviter}, siehe",
            with: "{days, select, one {Hallo {inviter}, siehe} other {Hallo {inviter}, siehe}}")
        #expect(Checker.standard().check(input(translation: other)).contains { $0.rule == "l10n.argument-mismatch" })
    }

    /// The build checks one locale at a time (each against the source), so a German edit
    /// re-checks German only: that must find exactly what checking all locales at once finds.
    @Test(arguments: [
        ("Hallo {inviter}, siehe", "Hallo {inviterr}, siehe"), ("button: Hol dir **{app}**", "button: Get **{app}**"),
        ("Hallo {inviter}, siehe", "Hallo  {inviter}, siehe"), ("brand: Playa", "brand: Playa\nextra: Nur hier"),
        ("sourceHash: ", "sourceHash: 0000"), ("Hol dir **{app}**", "Hol dir {app}"),
    ])
    func checkingLocaleByLocaleFindsWhatCheckingAllFinds(old: String, new: String) {
        let whole = input(translation: Self.translation.replacingOccurrences(of: old, with: new), used: false)
        var byLocale: [Diagnostic] = []
        for locale in whole.locales {
            var one = whole
            one.locales = [locale]
            byLocale += Checker.standard().check(one)
        }
        let all = DiagnosticReport(Checker.standard().check(whole)).finalized()
        #expect(!all.diagnostics.isEmpty)
        #expect(DiagnosticReport(byLocale).finalized() == all)
    }

    @Test func unusedSourceKeysAreReportedAtTheirKey() {
        let findings = Checker.standard().check(input(used: false))
        #expect(findings.filter { $0.rule == "l10n.unused-key" }.map(\.location?.line) == [1, 5, 8])
    }

    @Test func externalKeysAreNeverUnused() {
        let source = Self.source.replacingOccurrences(
            of: "button: Get **{app}**", with: "button:\n  message: Get **{app}**\n  external: true")
        let findings = Checker.standard().check(input(source: source, used: false)).filter {
            $0.rule == "l10n.unused-key"
        }
        #expect(findings.count == 2)
    }

    @Test func wordLimitsUseTheLocalesWordBreaks() throws {
        let source = Self.source.replacingOccurrences(of: "maxWords: 12", with: "maxWords: 3")
        let findings = Checker.standard().check(input(source: source)).filter { $0.rule == "l10n.too-long" }
        #expect(findings.contains { $0.message.contains("words in en-US (limit 3)") && $0.sample == "long" })
    }

    /// `role: toast` holds a string to `limits.toastChars` (seed 003 #14) without a `maxChars`.
    @Test(arguments: [(StringRole.toast, 100), (.modal, 120), (.displayName, 40)])
    func aRoleSetsTheCharacterLimit(role: StringRole, limit: Int) throws {
        let long = String(repeating: "x", count: limit + 1)
        let source = Self.source + "\nnotice:\n  message: \(long)\n  role: \(role.rawValue)\n"
        var input = input(source: source)
        let findings = Checker.standard().check(input).filter { $0.rule == "l10n.too-long" }
        #expect(
            findings.contains { $0.message.contains("`notice` is \(limit + 1) characters in en-US (limit \(limit))") })
        input.limits.toastChars = 1000
        input.limits.modalChars = 1000
        input.limits.displayNameChars = 1000
        #expect(
            !Checker.standard().check(input).contains { $0.rule == "l10n.too-long" && $0.message.contains("notice") })
    }

    /// A number in the source that no translation kept is reported once, at the source string.
    @Test(arguments: [
        ("Get **{app}** (seed 003 #13)", "Hol dir **{app}**", ["003", "13"]),
        ("Get **{app}** in 7 days", "Hol dir **{app}** in 7 Tagen", []),
        ("Get **{app}** in 7 days", "احصل على **{app}** خلال ٧ أيام", []),
        ("Get **{app}** for 24 hours", "Hol dir **{app}** einen Tag lang", ["24"]),
    ])
    func numbersOnlyTheSourceHasAreReported(source: String, german: String, numbers: [String]) throws {
        let input = input(
            source: Self.source.replacingOccurrences(of: "button: Get **{app}**", with: "button: \"\(source)\""),
            translation: Self.translation.replacingOccurrences(
                of: "button: Hol dir **{app}**", with: "button: \"\(german)\""))
        let findings = Checker.standard().check(input, everyLocale: true)
        #expect(findings.allSatisfy { $0.rule == "l10n.source-only" })
        #expect(findings.count == (numbers.isEmpty ? 0 : 1))
        if let finding = findings.first {
            #expect(finding.location?.file == "locales/en-US.yml")
            #expect(finding.location?.line == 8)
            #expect(finding.message.contains(numbers.map { "`\($0)`" }.joined(separator: ", ")))
        }
        #expect(Checker.standard().check(input, everyLocale: false).allSatisfy { $0.rule != "l10n.source-only" })
    }

    /// A string that promises the hand-off is an error, once, at the source string, while the site
    /// hands nothing over from its App Store link; not when it does, nor when nothing uses it.
    @Test func aPromisedHandOffNeedsOne() throws {
        let promising = Self.source.replacingOccurrences(
            of: "button: Get **{app}**",
            with: "button:\n  message: Get **{app}**, your invite waits inside\n  promise: handOff")
        var input = input(source: promising)
        #expect(Checker.standard().check(input, everyLocale: true).allSatisfy { $0.rule != "l10n.hand-off-promise" })
        input.storesWithoutHandOff = ["the App Store (`deferred.clipboard` is off and `deferred.matchWindow` is 0)"]
        let findings = Checker.standard().check(input, everyLocale: true).filter { $0.rule == "l10n.hand-off-promise" }
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .error && findings.first?.location?.line == 9)
        #expect(findings.first?.message.contains("`button` promises") == true)
        #expect(findings.first?.fix?.contains("deferred: {clipboard: true}") == true)
        var unused = self.input(source: promising, used: false)
        unused.storesWithoutHandOff = input.storesWithoutHandOff
        #expect(Checker.standard().check(unused, everyLocale: true).allSatisfy { $0.rule != "l10n.hand-off-promise" })
        let (_, problems) = LocaleBundle.parse(
            SourceText(path: "locales/en-US.yml", text: "a:\n  message: x\n  promise: handoff\n"),
            locale: LocaleID("en-US")!)
        #expect(problems.first?.message.contains("did you mean `handOff`") == true, "\(problems.map(\.message))")
    }
}
