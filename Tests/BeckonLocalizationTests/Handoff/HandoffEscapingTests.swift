import BeckonHTML
import BeckonJSON
import PropertyBased
import Testing

@testable import BeckonLocalization

/// The escaping every format needs, checked by reading each written form back.
@Suite struct HandoffEscapingTests {
    static let text = Gen<Character?>.element(
        of: Array("ab '{}#|<>&\"\\%\n\r\t") + ["\u{1}", "\u{2028}", "\u{FFFE}", "é", "😀"]
    )
    .map { $0! }.string(of: 0...20)

    @Test func icuQuotingReadsBackAsTheLiteralText() async {
        await propertyCheck(count: 500, input: Self.text) { text in
            let contexts: [(inPlural: Bool, next: Character?)] = [
                (false, nil), (false, "{"), (true, "}"), (true, "#"), (true, "{"),
            ]
            for (inPlural, next) in contexts {
                let quoted = ICULiteral.quote(text, inPlural: inPlural, followedBy: next)
                let suffix = next == "#" ? "#" : (next == "{" ? "{a}" : "")
                let written = inPlural ? "{n, plural, other {\(quoted)\(suffix)}}" : quoted + suffix
                let message = try? MessageParser.parse(written)
                var literal = message?.literalText
                if inPlural, case .plural(_, _, _, let cases)? = message?.parts.first {
                    literal = cases.first?.message.literalText
                }
                #expect(literal == text, "\(written)")
            }
        }
    }

    @Test(arguments: [
        ("it's", "it's"), ("don't {", "don't '{'"), ("don't", "don't"), ("'quoted'", "'quoted'"),
        ("a{b}c", "a'{'b'}'c"),
        ("{'}", "'{''}'"), ("'#'", "'#'"),
    ])
    func icuQuotingIsMinimal(text: String, expected: String) {
        #expect(ICULiteral.quote(text, inPlural: false, followedBy: nil) == expected)
    }

    @Test func jsonStringsReadBack() async {
        await propertyCheck(count: 500, input: Self.text) { text in
            let parsed = try? JSONParser.parse(JSONWriter.quoted(text))
            #expect(parsed?.string == text)
        }
    }

    @Test func xmlTextAndAttributesReadBack() async {
        await propertyCheck(count: 500, input: Self.text) { text in
            var writer = XMLWriter()
            writer.open("a", [("title", text)])
            writer.element("b", text: text)
            writer.close("a")
            let root = XMLDocument(writer.output).root
            #expect(root?[attribute: "title"] == XMLWriter.sanitized(text))
            #expect(root?.element(named: "b")?.textContent == XMLWriter.sanitized(text))
        }
    }

    @Test func xliff2KeepsCharactersXMLCannotHold() {
        var writer = XMLWriter()
        writer.invalidCharacter = { "<cp hex=\"\(String($0.value, radix: 16, uppercase: true))\"/>" }
        writer.element("source", text: "a\u{1}b", inline: true)
        let root = XMLDocument(writer.output).root
        #expect(root.map { XLIFFText($0).text } == "a\u{1}b")
    }

    @Test(
        arguments: [
            ("", "the JSON ends where a value was expected", 0), ("{\"a\" 1}", "expected `:` after a key", 5),
            ("[1, 2,]", "expected a JSON value", 6), ("{\"a\": tru}", "expected `true`", 6),
            ("\"\\x\"", "`\\x` is not a JSON escape", 1),
            ("\"\\ud800\"", "a lone surrogate `\\ud800` is not a character", 7),
            ("{} {}", "unexpected text after the JSON value", 3),
            ("\"a\nb\"", "a control character must be escaped inside a string", 2),
            (String(repeating: "[", count: 65), "the JSON is nested too deeply", 64),
        ] as [(String, String, Int)])
    func jsonSyntaxErrorsHaveOffsets(text: String, message: String, offset: Int) {
        #expect(throws: JSONParser.SyntaxError(message: message, offset: offset)) { try JSONParser.parse(text) }
    }

    @Test func jsonKeepsMemberOrderAndOffsets() throws {
        let value = try JSONParser.parse("{\"b\": [1, -2.5e3, true, null], \"a\": {\"é\": \"\\u00e9\\ud83d\\ude00\"}}")
        #expect(value.members?.map(\.key) == ["b", "a"])
        #expect(value["a"]?["é"]?.string == "é😀")
        #expect(value["a"]?.offset == 36)
        #expect(value.members?[1].keyOffset == 31)
        #expect(JSONWriter.write(value).hasPrefix("{\n  \"b\" : [\n    1,\n    -2.5e3,\n    true,\n    null\n  ],"))
    }
}
