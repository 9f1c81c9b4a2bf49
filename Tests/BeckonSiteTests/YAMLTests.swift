import BeckonDiagnostics
import BeckonSite
import Testing

@Suite struct YAMLTests {
    @Test func syntaxErrorsCarryTheirPosition() {
        let (value, diagnostics) = YAMLParser.parse("app:\n  name: \"Playa\n  x: 1\n", path: "beckon.yml")
        #expect(value == nil)
        let diagnostic = diagnostics.first
        #expect(diagnostic?.rule == "yaml.syntax")
        #expect(diagnostic?.location?.file == "beckon.yml")
        #expect((diagnostic?.location?.line ?? 0) >= 2)
    }

    @Test func duplicateKeysAreErrors() {
        let (_, diagnostics) = YAMLParser.parse("a: 1\nb: 2\na: 3\n", path: "x.yml")
        #expect(diagnostics.map(\.rule) == ["yaml.duplicate-key"])
        #expect(diagnostics.first?.location?.line == 3)
    }

    /// Beckon reads every scalar as text, so two keys with one text are one key twice, however
    /// they are written; values keep their text as written (`yes`, `1.0`, `~`).
    @Test func keysWithOneTextAreDuplicatesAndValuesStayText() throws {
        for text in ["1: a\n\"1\": b\n", "true: a\n'true': b\n", "null: a\n\"null\": b\n"] {
            let (_, diagnostics) = YAMLParser.parse(text, path: "x.yml")
            #expect(diagnostics.map(\.rule) == ["yaml.duplicate-key"], "\(text)")
        }
        let (value, _) = YAMLParser.parse("a: yes\nb: 1.0\nc: ~\nd: 0x1F\n", path: "x.yml")
        let scalars = try #require(value?.entries).map { entry -> String? in
            guard case .scalar(let text, _) = entry.value.kind else { return nil }
            return text
        }
        #expect(scalars == ["yes", "1.0", "~", "0x1F"])
    }

    @Test func aliasesAreRefused() {
        let (_, diagnostics) = YAMLParser.parse("a: &x [1, 2]\nb: *x\n", path: "x.yml")
        #expect(diagnostics.contains { $0.rule == "yaml.alias" })
    }

    @Test func valuesKnowWhereTheyWereWritten() throws {
        let (value, _) = YAMLParser.parse("# comment\napp:\n  name: Playa\n", path: "b.yml", lineOffset: 1)
        let app = try #require(value?.entries?.first)
        #expect(app.keyLocation == SourceLocation(file: "b.yml", line: 3, column: 1))
        #expect(app.value.entries?.first?.value.location == SourceLocation(file: "b.yml", line: 4, column: 9))
    }

    @Test func unknownKeysSuggestTheNearestKnownOne() throws {
        let (value, _) = YAMLParser.parse("nmae: x\nbaseURL: y\ncolour: z\n", path: "b.yml")
        let reader = YAMLReader(family: "config")
        _ = reader.mapping(try #require(value), named: "app", keys: ["name", "baseURL"])
        let messages = reader.diagnostics.map(\.message)
        #expect(messages.contains("unknown key `nmae` in `app` (did you mean `name`?)"))
        #expect(messages.contains("unknown key `colour` in `app`"))
    }

    @Test(arguments: [("nmae", "name"), ("baseUrl", "baseURL"), ("supportEmial", "supportEmail"), ("zzzz", nil)])
    func didYouMean(word: String, expected: String?) {
        #expect(DidYouMean.suggestion(for: word, among: ["name", "baseURL", "supportEmail"]) == expected)
    }
}
