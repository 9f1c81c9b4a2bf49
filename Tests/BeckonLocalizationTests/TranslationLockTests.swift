import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Testing

@Suite struct TranslationLockTests {
    static func catalog(source: String, german: String) -> Catalog {
        func bundle(_ locale: String, _ text: String) -> LocaleBundle {
            LocaleBundle.parse(SourceText(path: "locales/\(locale).yml", text: text), locale: LocaleID(locale)!).0
        }
        let (value, _) = YAMLParser.parse("default: en-US\nlist: [en-US, de-DE]\n", path: "beckon.yml")
        let locales = LocalesConfig(
            YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default", "list"]))
        return Catalog(
            locales: locales,
            bundles: [LocaleID("en-US")!: bundle("en-US", source), LocaleID("de-DE")!: bundle("de-DE", german)])
    }

    static let german = LocaleID("de-DE")!

    /// Whether `title` in German is stale after a build with the first texts and another with the
    /// second: a source edit makes an untouched translation stale whoever wrote it; editing the
    /// translation (or recording `sourceHash` by import) makes it current.
    @Test(arguments: [
        ("title: Hello", "title: Hallo", "title: Hello", "title: Hallo", false),
        ("title: Hello", "title: Hallo", "title: Hello there", "title: Hallo", true),
        ("title: Hello", "title: Hallo", "title: Hello there", "title: Hallo du", false),
        ("title: Hello", "title: Hallo", "title: Hello", "title: Hallo du", false),
        // A string first seen together with its source's edit is taken as translated from it.
        ("other: x", "other: y", "title: Hello there\nother: x", "title: Hallo\nother: y", false),
        // An import's own `sourceHash` wins over the lock both ways.
        (
            "title: Hello", "title: Hallo", "title: Hello there",
            "title: {message: Hallo du, sourceHash: \(SourceHash.of("Hello"))}", true
        ),
        (
            "title: Hello", "title: Hallo", "title: Hello there",
            "title: {message: Hallo, sourceHash: \(SourceHash.of("Hello there"))}", false
        ),
    ])
    func aSourceEditMakesUntouchedTranslationsStale(
        firstSource: String, firstGerman: String, source: String, german: String, stale: Bool
    ) throws {
        let first = TranslationLock().updated(Self.catalog(source: firstSource, german: firstGerman)).lock
        let catalog = Self.catalog(source: source, german: german)
        let (lock, hashes) = first.updated(catalog)
        let recorded = try #require(hashes[Self.german]?["title"])
        let current = try #require(catalog.sourceBundle?.entries["title"]).text
        #expect((recorded != SourceHash.of(current)) == stale)
        // What the next build reads back from the file is what this one decided.
        let again = TranslationLock(text: lock.text).updated(catalog)
        #expect(again.sourceHashes == hashes)
        #expect(again.lock == lock)
    }

    @Test func localesNotBuiltKeepTheirEntries() {
        var lock = TranslationLock()
        lock.locales["fr-FR"] = ["title": .init(source: "aaaa", translation: "bbbb")]
        let updated = lock.updated(Self.catalog(source: "title: Hello", german: "title: Hallo")).lock
        #expect(updated.locales["fr-FR"] == lock.locales["fr-FR"])
        #expect(updated.locales["de-DE"]?["title"] != nil)
        #expect(updated.locales["en-US"] == nil, "the source locale is not a translation")
    }

    @Test(arguments: ["", "{", "not json", "{\"version\": 1, \"locales\": 3}"])
    func anUnreadableLockIsRebuilt(text: String) {
        #expect(TranslationLock(text: text) == TranslationLock())
    }

    @Test func theFileIsSortedOneStringPerLineAndStable() {
        let catalog = Self.catalog(source: "b: Bee\na: \"Quote \\\" here\"", german: "b: Biene\na: Zitat")
        let text = TranslationLock().updated(catalog).lock.text
        let lines = text.split(separator: "\n")
        #expect(lines[3] == "    \"de-DE\": {")
        #expect(lines[4].hasPrefix("      \"a\": {\"source\": \"\(SourceHash.of("Quote \" here"))\""))
        #expect(lines[5].hasPrefix("      \"b\": "))
        #expect(TranslationLock(text: text).text == text)
    }
}
