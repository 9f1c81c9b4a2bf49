import BeckonDiagnostics
import BeckonLocalization
import BeckonReview
import BeckonSite
import Testing

/// How `l10n status` and the review page count a locale.
@Suite struct LocaleStatusTests {
    static func catalog(german germanText: String = "a: Eins\nb: Zwei\nc: Drei\n") -> Catalog {
        let english = LocaleBundle.parse(
            SourceText(path: "locales/en-US.yml", text: "a: One\nb: Two\nc: Three\nd: Four\n"),
            locale: LocaleID("en-US")!
        ).0
        let german = LocaleBundle.parse(
            SourceText(path: "locales/de-DE.yml", text: germanText), locale: LocaleID("de-DE")!
        ).0
        let (value, _) = YAMLParser.parse("default: en-US\nlist: [en-US, de-DE]\n", path: "beckon.yml")
        let locales = LocalesConfig(
            YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default", "list"]))
        return Catalog(locales: locales, bundles: [LocaleID("en-US")!: english, LocaleID("de-DE")!: german])
    }

    static func finding(_ rule: RuleID, line: Int, sample: String?) -> Diagnostic {
        var diagnostic = Diagnostic.warning(
            rule, "finding", at: SourceLocation(file: "locales/de-DE.yml", line: line, column: 4))
        diagnostic.locale = "de-DE"
        diagnostic.sample = sample
        return diagnostic
    }

    /// A string too long with two samples is one string over its limit; progress leaves out the
    /// missing and the stale.
    @Test func stringsAreCountedOnceWhateverTheSamples() {
        let diagnostics = [
            Self.finding("l10n.too-long", line: 1, sample: "long"),
            Self.finding("l10n.too-long", line: 1, sample: "cjk"),
            Self.finding("l10n.stale", line: 2, sample: nil),
        ]
        let status = LocaleStatus.make(LocaleID("de-DE")!, catalog: Self.catalog(), diagnostics: diagnostics)
        #expect(status.total == 4 && status.translated == 3 && status.missing == 1)
        #expect(status.overLimit == 1 && status.stale == 1 && status.findings == 3)
        #expect(status.progress == 50)
    }

    /// Decisions count while they hold for the text: one approved, one needing work, and one
    /// approval made on a text since edited (unreviewed again).
    @Test func reviewsAreCountedForTheTextTheyWereMadeOn() {
        let german = """
            a: {message: Eins, review: approved, reviewHash: \(SourceHash.of("Eins"))}
            b: {message: Zwei, review: needs-work, reviewNote: Kürzer.}
            c: {message: Drei, review: approved, reviewHash: \(SourceHash.of("Three"))}

            """
        let status = LocaleStatus.make(LocaleID("de-DE")!, catalog: Self.catalog(german: german), diagnostics: [])
        #expect(status.translated == 3)
        #expect(status.approved == 1)
        #expect(status.needsWork == 1)
    }
}
