import BeckonSite
import PropertyBased
import Testing
import Yams

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

    /// Pieces of text that YAML 1.1 or 1.2 resolvers type: numbers in every spelling, booleans,
    /// null, timestamps, indicators.
    static let typedText = Gen<String?>.element(
        of: [
            "0x1F", "0o17", "017", "0b101", "1_000", "+12", "-3", ".5", "1.", "1e3", "6.8523015e+5", "190:20:30",
            ".inf", "-.Inf", "+.INF", ".NaN", ".nan", "yes", "No", "ON", "off", "y", "N", "true", "False", "NULL",
            "~", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "<<", "=", "-", "?", ":", "#", "!", "&a", "*a", "%",
            "@", "`", "|", ">", " ", "x", "É", "0", "9", ".", "_", "e", "b", "o", "\u{FEFF}",
        ]
    )
    .map { $0! }.array(of: 0...3).map { $0.joined() }.map { $0.first == "\u{FEFF}" ? "x" + $0 : $0 }

    /// The value of `key` as Yams loads it with its default (YAML 1.1) resolver, which types
    /// numbers, booleans, null and timestamps.
    static func load(_ yaml: String) throws -> Any? {
        (try Yams.load(yaml: yaml) as? [String: Any])?["key"]
    }

    @Test func everyStyleReadsBackAsTheSameStringInATypingReader() async throws {
        await propertyCheck(count: 600, input: Self.typedText) { text in
            for style in Self.styles {
                for inFlow in [false, true] {
                    let scalar = YAMLScalarWriter.render(text, style: style, inFlow: inFlow, indent: 2, lineBreak: "\n")
                    let document = inFlow ? "{key: \(scalar)}\n" : "key: \(scalar)\n"
                    let loaded = try? Self.load(document)
                    #expect(
                        (loaded as? String).map { Array($0.unicodeScalars) } == Array(text.unicodeScalars),
                        "\(style): \(scalar) loads as \(String(describing: loaded))")
                }
            }
        }
    }

    @Test(
        arguments: [
            "0x1F", "0o17", "1_000", ".inf", "-.inf", ".NaN", "1e3", "12:30", "yes", "YES", "yEs", "n", "Off", "on",
            "true", "FALSE", "null", "~", "", "2001-12-14", "<<", "=",
        ])
    func typedValuesAreQuotedAndKeysToo(text: String) throws {
        let scalar = YAMLScalarWriter.render(text, style: .plain, inFlow: false, indent: 2, lineBreak: "\n")
        #expect(scalar != text)
        let loaded = try Self.load("key: \(scalar)\n")
        #expect(loaded as? String == text)
        if !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            let key = BundleYAMLEditor.keyText(text)
            #expect(key != text)
            let mapping = try Yams.load(yaml: "\(key): v\n") as? [String: Any]
            #expect(mapping?[text] as? String == "v")
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
            ("true", .plain, "\"true\""),
            ("0x1F", .plain, "\"0x1F\""),
            ("yes", .singleQuoted, "'yes'"),
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
