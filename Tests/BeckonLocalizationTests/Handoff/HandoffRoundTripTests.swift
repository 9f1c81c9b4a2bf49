import BeckonDiagnostics
import BeckonSite
import Testing

@testable import BeckonLocalization

/// Export, then import: untouched files change nothing; an edited value changes that value only.
@Suite struct HandoffRoundTripTests {
    typealias Fixture = HandoffFixture

    @Test(arguments: HandoffFormat.allCases)
    func importingAnUntouchedExportChangesNothing(format: HandoffFormat) {
        let plan = Fixture.plan(Fixture.export(format))
        #expect(plan.diagnostics.isEmpty, "\(Fixture.describe(plan.diagnostics))")
        #expect(plan.changes.isEmpty)
        #expect(plan.format == format)
    }

    @Test(arguments: HandoffFormat.allCases)
    func exportsAreDeterministic(format: HandoffFormat) {
        #expect(Fixture.export(format) == Fixture.export(format))
    }

    /// The German title, edited in each format's own syntax.
    static let titleEdits: [(HandoffFormat, String, String)] = [
        (.xliff12, "{inviter} lädt dich zu {app} ein</target>", "{inviter} hat dich zu {app} eingeladen</target>"),
        (.xliff20, "{inviter} lädt dich zu {app} ein</target>", "{inviter} hat dich zu {app} eingeladen</target>"),
        (.xcstrings, "\"%1$@ lädt dich zu %2$@ ein\"", "\"%1$@ hat dich zu %2$@ eingeladen\""),
    ]

    @Test(arguments: titleEdits)
    func anEditedTargetChangesThatValueAndItsSourceHashOnly(format: HandoffFormat, old: String, new: String) throws {
        let exported = Fixture.export(format)
        #expect(exported.contains(old))
        let plan = Fixture.plan(exported.replacingOccurrences(of: old, with: new))
        #expect(plan.diagnostics.isEmpty, "\(Fixture.describe(plan.diagnostics))")
        let change = try #require(plan.changes.first)
        #expect(plan.changes.count == 1)
        #expect(change.path == "locales/de-DE.yml")
        #expect(change.keys == ["landing.title"])
        let hash = SourceHash.of("{inviter} invited you to {app}")
        let expected = Fixture.german.replacingOccurrences(
            of: "  title: \"{inviter} lädt dich zu {app} ein\"\n",
            with: "  title:\n    message: \"{inviter} hat dich zu {app} eingeladen\"\n    sourceHash: \(hash)\n")
        #expect(change.newText == expected)
        #expect(change.oldText == Fixture.german)
    }

    @Test func theEditedBundleIsUpToDateForTheStaleCheck() throws {
        let exported = Fixture.export(.xliff12).replacingOccurrences(
            of: "lädt dich zu {app} ein</target>", with: "hat dich zu {app} eingeladen</target>")
        let change = try #require(Fixture.plan(exported).changes.first)
        let (bundle, diagnostics) = LocaleBundle.parse(
            SourceText(path: change.path, text: change.newText), locale: change.locale)
        #expect(diagnostics.isEmpty)
        let source = try #require(Fixture.catalog().sourceBundle?.entries["landing.title"])
        #expect(bundle.entries["landing.title"]?.sourceHash == SourceHash.of(source.text))
        #expect(bundle.entries["landing.title"]?.text == "{inviter} hat dich zu {app} eingeladen")
    }

    /// Marking the stale German plural done, in each format's own syntax.
    static let confirmations: [(HandoffFormat, String, String)] = [
        (.xliff12, "<target state=\"needs-review-translation\">", "<target state=\"translated\">"),
        (.xliff20, "<segment state=\"initial\" subState=\"beckon:stale\">", "<segment state=\"translated\">"),
        (.xcstrings, "\"state\" : \"needs_review\"", "\"state\" : \"translated\""),
    ]

    @Test(arguments: confirmations)
    func markingAStaleTranslationDoneRecordsTheCurrentSource(format: HandoffFormat, old: String, new: String) throws {
        let exported = Fixture.export(format)
        // One stale translation: one unit in XLIFF, one per plural form in a String Catalog.
        #expect(exported.components(separatedBy: old).count == (format == .xcstrings ? 4 : 2))
        let plan = Fixture.plan(exported.replacingOccurrences(of: old, with: new))
        #expect(plan.diagnostics.isEmpty, "\(Fixture.describe(plan.diagnostics))")
        let change = try #require(plan.changes.first)
        let hash = SourceHash.of("{count, plural, =0 {No invites} one {# invite} other {# invites}}")
        #expect(change.newText == Fixture.german.replacingOccurrences(of: "0000000000000000", with: hash))
    }

    /// The missing German `landing.braces`, translated in each format's own syntax.
    static func translatingBraces(_ format: HandoffFormat, _ exported: String) throws -> String {
        let source = "Write '{'curly'}' braces, don''t worry</source>"
        let german = "Schreib '{'geschweifte'}' Klammern, keine Sorge"
        switch format {
        case .xliff12:
            return exported.replacingOccurrences(
                of: source + "\n        <target state=\"new\"></target>",
                with: source + "\n        <target state=\"translated\">\(german)</target>")
        case .xliff20:
            return exported.replacingOccurrences(
                of: "<segment state=\"initial\">\n        <source xml:space=\"preserve\">" + source,
                with: "<segment state=\"translated\">\n        <source xml:space=\"preserve\">" + source
                    + "<target>\(german)</target>")
        case .xcstrings:
            return try HandoffFixture.editingCatalog(
                exported, key: "landing.braces", value: "Schreib {geschweifte} Klammern, keine Sorge")
        }
    }

    @Test(arguments: HandoffFormat.allCases)
    func aNewTranslationIsAddedAfterItsSourceNeighbour(format: HandoffFormat) throws {
        let plan = Fixture.plan(try Self.translatingBraces(format, Fixture.export(format)))
        #expect(plan.diagnostics.isEmpty, "\(Fixture.describe(plan.diagnostics))")
        let change = try #require(plan.changes.first)
        let bundle = LocaleBundle.parse(SourceText(path: change.path, text: change.newText), locale: change.locale).0
        let text = try #require(bundle.entries["landing.braces"]?.text)
        #expect(try MessageParser.parse(text).literalText == "Schreib {geschweifte} Klammern, keine Sorge")
        let markup = "  markup: 'Tom & Jerry <3 „Zitate“ — 100% Spaß'\n"
        let inserted = try #require(change.newText.range(of: markup + "  braces:\n    message: "))
        #expect(
            change.newText[..<inserted.lowerBound] == Fixture.german[..<Fixture.german.range(of: markup)!.lowerBound])
        #expect(
            change.newText.hasSuffix(
                "    sourceHash: \(SourceHash.of("Write '{'curly'}' braces, don''t worry"))\n"
                    + Fixture.german[Fixture.german.range(of: markup)!.upperBound...]))
    }

    @Test(arguments: [HandoffFormat.xliff12, .xliff20])
    func aTargetAToolPrefilledWithTheSourceIsNotATranslation(format: HandoffFormat) {
        let source = "Write '{'curly'}' braces, don''t worry"
        var exported = Fixture.export(format)
        if format == .xliff12 {
            exported = exported.replacingOccurrences(
                of: "<target state=\"new\"></target>", with: "<target state=\"new\">\(source)</target>")
        } else {
            exported = exported.replacingOccurrences(
                of: source + "</source>", with: source + "</source><target>\(source)</target>")
        }
        let plan = Fixture.plan(exported)
        #expect(plan.diagnostics.isEmpty, "\(Fixture.describe(plan.diagnostics))")
        #expect(plan.changes.isEmpty)
    }

    /// A new German `landing.markup` with markup, `&`, quotes, an apostrophe and literal braces,
    /// escaped as each format escapes it.
    static let markupEdits: [(HandoffFormat, String, String)] = [
        (
            .xliff12, ">Tom &amp; Jerry &lt;3 „Zitate“ — 100% Spaß</target>",
            ">&lt;b&gt;Neu&lt;/b&gt; &amp; \"so\" — it's '{'100%'}'</target>"
        ),
        (
            .xliff20, ">Tom &amp; Jerry &lt;3 „Zitate“ — 100% Spaß</target>",
            ">&lt;b>Neu&lt;/b> &#38; &quot;so&quot; — it's '{'100%'}'</target>"
        ),
        (.xcstrings, #""Tom & Jerry <3 „Zitate“ — 100% Spaß""#, #""<b>Neu</b> & \"so\" — it's {100%}""#),
    ]

    @Test(arguments: markupEdits)
    func escapedCharactersArriveExactly(format: HandoffFormat, old: String, new: String) throws {
        let exported = Fixture.export(format)
        #expect(exported.contains(old))
        let plan = Fixture.plan(exported.replacingOccurrences(of: old, with: new))
        #expect(plan.diagnostics.isEmpty, "\(Fixture.describe(plan.diagnostics))")
        let change = try #require(plan.changes.first)
        let hash = SourceHash.of("Tom & Jerry <3 \"quotes\" — it's 100% fun")
        let old = "  markup: 'Tom & Jerry <3 „Zitate“ — 100% Spaß'\n"
        let new = "  markup:\n    message: '<b>Neu</b> & \"so\" — it''s ''{''100%''}'''\n    sourceHash: \(hash)\n"
        #expect(change.newText == Fixture.german.replacingOccurrences(of: old, with: new))
    }

    @Test func pluralVariationsComeBackAsICUPlurals() throws {
        let forms = ["zero": "Noch keine", "one": "%lld Einladung", "other": "%lld Einladungen"]
        let arabic = [
            "zero": "لا شيء", "one": "واحدة", "two": "اثنتان", "few": "%lld قليلة", "many": "%lld كثيرة",
            "other": "%lld",
        ]
        var text = try Fixture.editingCatalog(Fixture.export(.xcstrings), key: "landing.count", forms: forms)
        text = try Fixture.editingCatalog(text, key: "landing.count", locale: "ar", forms: arabic)
        let plan = Fixture.plan(text, path: "Invite.xcstrings")
        #expect(plan.diagnostics.isEmpty, "\(Fixture.describe(plan.diagnostics))")
        #expect(plan.changes.map(\.path) == ["locales/ar.yml", "locales/de-DE.yml"])
        let german = try #require(plan.changes.last?.newText)
        #expect(
            german.contains(#"message: "{count, plural, =0 {Noch keine} one {# Einladung} other {# Einladungen}}""#))
        let arabicText = try #require(plan.changes.first?.newText)
        #expect(
            arabicText.contains(
                #""{count, plural, zero {لا شيء} one {واحدة} two {اثنتان} few {# قليلة} many {# كثيرة} other {#}}""#))
    }

    @Test func aLocaleWithoutABundleGetsOne() throws {
        let catalog = Fixture.catalog(["en-US": Fixture.english, "de-DE": Fixture.german])
        let exported = try #require(HandoffExport.export(catalog, format: .xliff12, locale: LocaleID("ar")!))
        #expect(exported.untranslated == exported.strings)
        let text = exported.text.replacingOccurrences(
            of: "<source>A friend</source>\n        <target state=\"new\"></target>",
            with: "<source>A friend</source>\n        <target state=\"translated\">صديق</target>")
        let plan = Fixture.plan(text, catalog: catalog)
        #expect(plan.diagnostics.isEmpty, "\(Fixture.describe(plan.diagnostics))")
        let change = try #require(plan.changes.first)
        #expect(change.path == "locales/ar.yml")
        #expect(change.oldText == "")
        #expect(
            change.newText == "common:\n  friend:\n    message: صديق\n    sourceHash: \(SourceHash.of("A friend"))\n")
    }

    @Test func xliffExportsNeedATargetLocaleOfTheSite() {
        let catalog = Fixture.catalog()
        #expect(HandoffExport.export(catalog, format: .xliff12, locale: nil) == nil)
        #expect(HandoffExport.export(catalog, format: .xliff20, locale: LocaleID("en-US")!) == nil)
        #expect(HandoffExport.export(catalog, format: .xliff20, locale: LocaleID("fr-FR")!) == nil)
        #expect(HandoffExport.export(catalog, format: .xcstrings, locale: nil) != nil)
    }

    @Test func exportCountsWhatIsLeftToDo() throws {
        let german = try #require(
            HandoffExport.export(Fixture.catalog(), format: .xliff20, locale: Fixture.germanLocale))
        #expect((german.strings, german.untranslated, german.stale) == (7, 1, 1))
        let all = try #require(HandoffExport.export(Fixture.catalog(), format: .xcstrings, locale: nil))
        #expect((all.strings, all.untranslated, all.stale) == (7, 7, 1))
    }

    @Test func whereAStringIsUsedBecomesANote() throws {
        let usage: [MessageKey: [String]] = ["landing.title": ["templates/pages/landing.md", "share messages"]]
        let xliff = try #require(
            HandoffExport.export(Fixture.catalog(), format: .xliff12, locale: Fixture.germanLocale, usage: usage))
        #expect(
            xliff.text.contains("<note from=\"developer\">Used in share messages, templates/pages/landing.md.</note>"))
        let catalog = try #require(
            HandoffExport.export(Fixture.catalog(), format: .xcstrings, locale: nil, usage: usage))
        #expect(catalog.text.contains("Used in share messages, templates/pages/landing.md.\\nPlaceholders:"))
        #expect(Fixture.plan(xliff.text).changes.isEmpty)
    }
}
