import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Testing

@Suite struct CatalogTests {
    static func bundle(_ locale: String, _ text: String) -> (LocaleBundle, [Diagnostic]) {
        LocaleBundle.parse(SourceText(path: "locales/\(locale).yml", text: text), locale: LocaleID(locale)!)
    }

    static let catalog: Catalog = {
        let (english, _) = bundle(
            "en-US",
            """
            landing:
              title:
                message: "{inviter} invited you"
                description: Page title.
                maxChars: 60
              cta: Get the app
            """)
        let (german, _) = bundle("de-DE", "landing:\n  title: \"{inviter} hat dich eingeladen\"\n")
        let (value, _) = YAMLParser.parse("default: en-US\nlist: [en-US, de-DE, de-AT]\n", path: "beckon.yml")
        let reader = YAMLReader(family: "config")
        let locales = LocalesConfig(reader.mapping(value!, named: "locales", keys: ["default", "list"]))
        return Catalog(
            locales: locales, bundles: [LocaleID("en-US")!: english, LocaleID("de-DE")!: german])
    }()

    @Test func nestedKeysAndMetadataAreRead() throws {
        let english = try #require(Self.catalog.sourceBundle)
        let title = try #require(english.entries["landing.title"])
        #expect(title.description == "Page title.")
        #expect(title.maxChars == 60)
        #expect(title.location == SourceLocation(file: "locales/en-US.yml", line: 3, column: 14))
        #expect(english.entries["landing.cta"]?.text == "Get the app")
    }

    @Test func lookupsFollowTheFallbackChain() {
        let austrian = LocaleID("de-AT")!
        #expect(Self.catalog.lookup("landing.title", in: austrian)?.locale == LocaleID("de-DE"))
        #expect(Self.catalog.lookup("landing.cta", in: austrian)?.locale == LocaleID("en-US"))
        #expect(Self.catalog.lookup("missing", in: austrian) == nil)
    }

    @Test func formattingKeepsValuesApartFromMarkup() throws {
        let message = try #require(
            Self.catalog.format(
                "landing.title", in: LocaleID("de-DE")!,
                arguments: ["inviter": ArgumentValue("*Maya*", isUserData: true)]
            ))
        #expect(
            message.segments == [.value(ArgumentValue("*Maya*", isUserData: true)), .markup(" hat dich eingeladen")])
        #expect(message.suppliedBy == LocaleID("de-DE"))
    }

    @Test func aStringOnlyTheDefaultLocaleSuppliesIsAMissingTranslation() throws {
        let diagnostics = Self.catalog.fallbackDiagnostics(buildLocales: [LocaleID("en-US")!, LocaleID("de-DE")!])
        #expect(diagnostics.count == 1)
        let finding = try #require(diagnostics.first)
        #expect(finding.rule == "l10n.missing-translation")
        #expect(finding.severity == .error)
        // Reported where the string belongs: after `landing.title`, the source key before it.
        #expect(finding.location == SourceLocation(file: "locales/de-DE.yml", line: 2, column: 10))
        #expect(finding.fix?.contains("locales.fallback: {de-DE: [en-US]}") == true)
        #expect(!Self.catalog.isAcceptedFallback("landing.cta", in: LocaleID("de-DE")!))
    }

    @Test(arguments: [
        // A locale of the same language supplies it: de-AT shows de-DE's text.
        ("list: [en-US, de-DE, de-AT]\n", "de-AT", "landing.title"),
        // The site names the default locale in the chain: English text is accepted.
        ("list: [en-US, de-DE]\nfallback: {de-DE: [en-US]}\n", "de-DE", "landing.cta"),
    ])
    func anAcceptedFallbackIsAWarning(locales: String, locale: String, key: String) throws {
        let (english, _) = Self.bundle("en-US", "landing:\n  title: Hi\n  cta: Get the app\n")
        let (german, _) = Self.bundle("de-DE", "landing:\n  title: Hallo\n")
        let (austrian, _) = Self.bundle("de-AT", "landing:\n  cta: Hol dir die App\n")
        let (value, _) = YAMLParser.parse("default: en-US\n" + locales, path: "beckon.yml")
        let reader = YAMLReader(family: "config")
        let config = LocalesConfig(reader.mapping(value!, named: "locales", keys: ["default", "list", "fallback"]))
        let catalog = Catalog(
            locales: config,
            bundles: [LocaleID("en-US")!: english, LocaleID("de-DE")!: german, LocaleID("de-AT")!: austrian])
        let id = LocaleID(locale)!
        let diagnostics = catalog.fallbackDiagnostics(buildLocales: [id])
        #expect(diagnostics.count == 1)
        let finding = try #require(diagnostics.first)
        #expect(finding.rule == "l10n.fallback")
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("`\(key)`"))
        #expect(catalog.isAcceptedFallback(MessageKey(key), in: id))
    }

    @Test func unknownArgumentsAreReportedAtTheString() {
        let diagnostics = Self.catalog.unknownArguments(key: "landing.title", known: ["app", "invitor"])
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.rule == "l10n.unknown-argument" })
    }

    @Test(
        arguments: [
            ("a: '{x'\n", "l10n.icu-syntax", 1, 5),
            ("a:\n  b.c: x\n", "l10n.invalid-key", 2, 3),
            ("a: {message: x, colour: red}\n", "l10n.unknown-key", 1, 17),
            ("a: \"\u{E000}\"\n", "l10n.private-use", 1, 4),
            ("- just\n- a list\n", "l10n.bundle-shape", 1, 1),
        ] as [(String, String, Int, Int)])
    func bundleProblemsAreLocated(text: String, rule: String, line: Int, column: Int) {
        let (_, diagnostics) = Self.bundle("en-US", text)
        let match = diagnostics.first { $0.rule.rawValue == rule }
        #expect(match != nil, "expected \(rule), got \(diagnostics.map(\.rule))")
        #expect(match?.location?.line == line)
        #expect(match?.location?.column == column)
    }
}

@Suite struct PluralCategoryTests {
    @Test(arguments: [
        ("ru", "{n, plural, one {# друг} other {# друга}}", "few, many"),
        ("ar", "{n, plural, one {x} other {y}}", "zero, two, few, many"),
        ("pl", "{n, plural, =0 {none} one {x} few {y} other {z}}", "many"),
        // Ordinals have categories of their own: English says 1st, 2nd, 3rd, 4th.
        ("en-US", "{n, selectordinal, other {#th}}", "one, two, few"),
        ("en-US", "{n, selectordinal, one {#st} other {#th}}", "two, few"),
    ])
    func missingCategoriesAreNamed(locale: String, message: String, missing: String) throws {
        let (bundle, _) = CatalogTests.bundle(locale, "count: \"\(message)\"\n")
        let (value, _) = YAMLParser.parse("default: \(locale)\n", path: "beckon.yml")
        let locales = LocalesConfig(YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default"]))
        let catalog = Catalog(locales: locales, bundles: [LocaleID(locale)!: bundle])
        let diagnostics = catalog.pluralCategoryDiagnostics()
        #expect(diagnostics.map(\.rule) == ["l10n.plural-categories"])
        #expect(diagnostics.first?.message.contains("lacks \(missing),") == true, "\(diagnostics)")
    }

    @Test(arguments: [
        ("en-US", "{n, plural, one {# friend} other {# friends}}"),
        ("ja-JP", "{n, plural, other {#人}}"),
        ("ar", "{n, plural, zero {a} one {b} two {c} few {d} many {e} other {f}}"),
        ("en-US", "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"),
        ("de-DE", "{n, selectordinal, other {#.}}"),
    ])
    func completePluralsPass(locale: String, message: String) throws {
        let (bundle, diagnostics) = CatalogTests.bundle(locale, "count: \"\(message)\"\n")
        #expect(diagnostics.isEmpty)
        let (value, _) = YAMLParser.parse("default: \(locale)\n", path: "beckon.yml")
        let locales = LocalesConfig(YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default"]))
        #expect(Catalog(locales: locales, bundles: [LocaleID(locale)!: bundle]).pluralCategoryDiagnostics().isEmpty)
    }
}
