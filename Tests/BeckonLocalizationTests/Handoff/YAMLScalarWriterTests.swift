import BeckonSite
import PropertyBased
import Testing

@testable import BeckonLocalization

/// Whatever the text and preferred style, the written scalar reads back as exactly that text.
@Suite struct YAMLScalarWriterTests {
    /// Characters that mean something to YAML somewhere, and a few that are hard to print. (Yams
    /// drops a U+FEFF that starts a scalar, however it is written; an import that would need one
    /// is refused by its read-back check, see `HandoffImportTests`.)
    static let trickyText = Gen<Character?>.element(
        of: Array("ab Z9'\"\\:#{}[],-?&*!|>%@`~\n\t\r") + [
            "\u{85}", "\u{2028}", "\u{1}", "\u{7F}", "\u{FEFF}", "é", "😀",
        ]
    )
    .map { $0! }.string(of: 0...24).map { $0.first == "\u{FEFF}" ? "x" + $0 : $0 }

    static let styles: [YAMLScalarWriter.Style] = [.plain, .singleQuoted, .doubleQuoted, .literal]

    /// The scalar a one-key document holds, as Beckon's YAML reader reads it.
    static func read(_ yaml: String) -> String? {
        YAMLParser.parse(yaml, path: "x.yml").0?.entries?.first?.value.scalar
    }

    @Test func everyStyleReadsBackInABlockMapping() async {
        await propertyCheck(count: 400, input: Self.trickyText) { text in
            for style in Self.styles {
                let scalar = YAMLScalarWriter.render(text, style: style, inFlow: false, indent: 2, lineBreak: "\n")
                #expect(Self.read("key: " + scalar + "\n") == text, "\(style): \(scalar)")
            }
        }
    }

    @Test func everyStyleReadsBackInAFlowMapping() async {
        await propertyCheck(count: 400, input: Self.trickyText) { text in
            for style in Self.styles {
                let scalar = YAMLScalarWriter.render(text, style: style, inFlow: true, indent: 0, lineBreak: "\n")
                #expect(Self.read("{key: " + scalar + ", other: x}\n") == text, "\(style): \(scalar)")
            }
        }
    }

    @Test func literalBlocksReadBackWithCRLFLineBreaks() async {
        let lines = Gen<Character?>.element(of: Array("ab #:'\"{}\n")).map { $0! }.string(of: 1...30)
        await propertyCheck(count: 200, input: lines) { text in
            let scalar = YAMLScalarWriter.render(text, style: .literal, inFlow: false, indent: 4, lineBreak: "\r\n")
            let document = "key: " + scalar + "\r\n"
            #expect(Self.read(document) == text, "\(scalar)")
        }
    }

    @Test(
        arguments: [
            ("plain text", YAMLScalarWriter.Style.plain, "plain text"),
            ("it's", .plain, "it's"),
            ("{inviter} joined", .plain, "\"{inviter} joined\""),
            ("true", .plain, "true"),
            ("null", .plain, "\"null\""),
            ("a: b", .plain, "\"a: b\""),
            ("it's", .singleQuoted, "'it''s'"),
            ("two\nlines", .singleQuoted, "\"two\\nlines\""),
            ("say \"hi\"", .doubleQuoted, "\"say \\\"hi\\\"\""),
            ("tab\there\u{1}", .doubleQuoted, "\"tab\\there\\x01\""),
            ("one\ntwo", .literal, "|-\n  one\n  two"),
            (" leading space", .literal, "\" leading space\""),
            ("trailing break\n", .literal, "\"trailing break\\n\""),
        ] as [(String, YAMLScalarWriter.Style, String)])
    func writes(text: String, style: YAMLScalarWriter.Style, expected: String) {
        #expect(YAMLScalarWriter.render(text, style: style, inFlow: false, indent: 2, lineBreak: "\n") == expected)
    }
}
