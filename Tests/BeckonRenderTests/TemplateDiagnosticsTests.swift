import BeckonDiagnostics
import BeckonLocalization
import BeckonRender
import BeckonSite
import Testing

/// A mistyped key or placeholder gets a fix naming the nearest known one; anything else keeps
/// the advice to add the key or to look the values up.
@Suite struct TemplateDiagnosticsTests {
    static let catalog: Catalog = {
        let (english, _) = LocaleBundle.parse(
            SourceText(path: "locales/en-US.yml", text: "landing:\n  title: Join\n  cta: Open the app\n"),
            locale: LocaleID("en-US")!)
        let (value, _) = YAMLParser.parse("default: en-US\nlist: [en-US]\n", path: "beckon.yml")
        let locales = LocalesConfig(
            YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default", "list"]))
        return Catalog(locales: locales, bundles: [LocaleID("en-US")!: english])
    }()

    static let at = SourceLocation(file: "templates/pages/landing.md", line: 8, column: 5)

    @Test func aMistypedKeyIsPointedAtTheNearestKey() {
        let finding = Self.catalog.missingKey("landing.titel", at: Self.at)
        #expect(finding.rule == "l10n.missing-key")
        #expect(finding.message == "no locale bundle has the string `landing.titel` (did you mean `landing.title`?)")
        #expect(finding.fix == "Did you mean `landing.title`? Change `landing.titel` to `landing.title`.")
    }

    @Test func aKeyNothingIsNearIsToBeAdded() {
        let finding = Self.catalog.missingKey("footer.imprint", at: Self.at)
        #expect(finding.message == "no locale bundle has the string `footer.imprint`")
        #expect(finding.fix == "Add `footer.imprint` to locales/en-US.yml.")
    }

    static func placeholder(_ text: String) -> Placeholder {
        PlaceholderScanner.scan(text, in: SourceText(path: "templates/pages/landing.md", text: text), utf8Offset: 0)
            .0[0]
    }

    static let scope = RenderScope(
        values: ["app.name": .init(.text("Minimo", isUserData: false)), "invite.url": .init(.url("https://x.test/i"))],
        catalog: catalog, locale: LocaleID("en-US")!, arguments: [:], appSchemes: [])

    @Test func aMistypedPlaceholderIsPointedAtTheNearestValue() {
        let finding = Self.scope.unknownPlaceholder(Self.placeholder("{{app.nmae}}"), documentation: "docs/x.md")
        #expect(finding.message == "unknown placeholder `{{app.nmae}}` (did you mean `app.name`?)")
        #expect(finding.fix == "Did you mean `{{app.name}}`? Change `{{app.nmae}}` to `{{app.name}}`.")
    }

    @Test func aPlaceholderNothingIsNearKeepsTheGeneralAdvice() {
        let finding = Self.scope.unknownPlaceholder(Self.placeholder("{{weather.today}}"), documentation: "docs/x.md")
        #expect(finding.fix == "Use a locale string (`{{t.KEY}}`) or one of the values listed in docs/x.md.")
    }

    @Test(
        arguments: [
            ("{{t.landing.titel}}", "Did you mean `t.landing.title`? Change `t.landing.titel` to `t.landing.title`."),
            ("{{t.footer.imprint}}", "Add the key to the default locale's bundle, or fix the name."),
            ("{{page.titel}}", "Did you mean `page.title`? Change `page.titel` to `page.title`."),
        ] as [(String, String)])
    func aLayoutNameIsPointedAtTheNearestName(layout: String, fix: String) {
        let (layouts, _) = LayoutLibrary.load([
            "page": SourceText(path: "templates/layouts/page.mustache", text: layout)
        ])
        let context = TemplateValue.object([
            "page": .object(["title": .text("T")]),
            "t": .object(["landing": .object(["title": .text("Join"), "cta": .text("Open")])]),
        ])
        let findings = LayoutLinter(library: layouts).lint("page", context: context)
        #expect(findings.map(\.fix) == [fix])
    }
}
