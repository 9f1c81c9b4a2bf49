import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Testing

@Suite struct NearestKeyTests {
    static let catalog: Catalog = {
        let (english, _) = LocaleBundle.parse(
            SourceText(
                path: "locales/en-US.yml",
                text: "landing:\n  title: Join\n  cta: Open the app\nexpired:\n  title: Expired\n"),
            locale: LocaleID("en-US")!)
        let (value, _) = YAMLParser.parse("default: en-US\nlist: [en-US]\n", path: "beckon.yml")
        let locales = LocalesConfig(
            YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default", "list"]))
        return Catalog(locales: locales, bundles: [LocaleID("en-US")!: english])
    }()

    @Test(
        arguments: [
            ("landing.titel", "landing.title"), ("Landing.Title", "landing.title"), ("expird.title", "expired.title"),
            ("landing.cat", "landing.cta"),
        ] as [(String, String)])
    func aTypoFindsTheKeyItMisspells(typo: String, key: String) {
        #expect(Self.catalog.nearestKey(to: MessageKey(typo)) == MessageKey(key))
        #expect(Self.catalog.missingKeyFix(MessageKey(typo)) == "Did you mean `\(key)`? Change `\(typo)` to `\(key)`.")
    }

    @Test(arguments: ["footer.imprint", "landing", "landing.title"])
    func aKeyFarFromEveryKnownOneHasNoNearestKey(key: String) {
        #expect(Self.catalog.nearestKey(to: MessageKey(key)) == nil)
    }

    @Test func withoutANearKeyTheFixSaysToAddIt() {
        #expect(Self.catalog.missingKeyFix("footer.imprint") == "Add `footer.imprint` to locales/en-US.yml.")
    }
}
