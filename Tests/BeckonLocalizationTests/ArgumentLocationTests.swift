import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Testing

/// `l10n.unknown-argument` points at the argument itself in the bundle file, counted in the
/// file's own text: quotes, escapes and folded lines before it move the column as written.
@Suite struct ArgumentLocationTests {
    static func catalog(_ text: String) -> Catalog {
        let (bundle, diagnostics) = LocaleBundle.parse(
            SourceText(path: "locales/en-US.yml", text: text), locale: LocaleID("en-US")!)
        precondition(diagnostics.isEmpty, "\(diagnostics)")
        let (value, _) = YAMLParser.parse("default: en-US\nlist: [en-US]\n", path: "beckon.yml")
        let locales = LocalesConfig(
            YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default", "list"]))
        return Catalog(locales: locales, bundles: [LocaleID("en-US")!: bundle])
    }

    @Test(
        arguments: [
            ("landing:\n  title: \"Join {ap}\"\n", "landing.title", 2, 16),
            ("landing:\n  title: Join { ap }\n", "landing.title", 2, 15),
            ("landing:\n  title: \"Caf\\u00e9 \\\"{ap}\\\"\"\n", "landing.title", 2, 23),
            ("landing:\n  title: 'It''s {ap}'\n", "landing.title", 2, 17),
            ("landing:\n  title: \"🎉 {ap}\"\n", "landing.title", 2, 13),
            ("landing:\n  title: |\n    Hello\n    join {ap}\n", "landing.title", 4, 10),
            ("landing:\n  title: \"Join us\n    at {ap}\"\n", "landing.title", 3, 8),
            ("landing:\n  title:\n    message: \"Hi {ap}\"\n    description: Uses {ap}.\n", "landing.title", 3, 18),
            (
                "landing:\n  title: \"{n, plural, one {# by {ap}} other {by {ap}}}\"\n", "landing.title", 2, 33
            ),
            ("share:\n  - \"Hi {app}\"\n  - \"Hi {ap}\"\n", "share.2", 3, 9),
        ] as [(String, String, Int, Int)])
    func anUnknownArgumentIsLocatedAtItsBrace(text: String, key: String, line: Int, column: Int) throws {
        let findings = Self.catalog(text).unknownArguments(key: MessageKey(key), known: ["app", "n"])
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.rule == "l10n.unknown-argument")
        #expect(finding.location == SourceLocation(file: "locales/en-US.yml", line: line, column: column))
    }

    /// `{ap}` written only as an escape is not in the file's text: the string's start stands in.
    @Test func anArgumentNotWrittenAsItselfFallsBackToTheValue() throws {
        let findings = Self.catalog("landing:\n  title: \"Join \\x7Bap}\"\nnext: \"{ap}\"\n")
            .unknownArguments(key: "landing.title", known: ["app"])
        #expect(findings.first?.location == SourceLocation(file: "locales/en-US.yml", line: 2, column: 10))
    }
}
