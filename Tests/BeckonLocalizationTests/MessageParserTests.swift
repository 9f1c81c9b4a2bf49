import BeckonLocalization
import PropertyBased
import Testing

@Suite struct MessageParserTests {
    @Test(
        arguments: [
            ("Hello", [Message.Part.literal("Hello")]),
            ("{inviter} invited you", [.argument("inviter"), .literal(" invited you")]),
            ("{ app }!", [.argument("app"), .literal("!")]),
            ("It''s '{'literal'}'", [.literal("It's {literal}")]),
            ("don't", [.literal("don't")]),
            ("'{app}' is {app}", [.literal("{app} is "), .argument("app")]),
            ("{n, number}", [.number("n", style: nil)]),
            ("{n, number, percent}", [.number("n", style: "percent")]),
            ("{d, date, long} {d, time}", [.date("d", style: "long"), .literal(" "), .time("d", style: nil)]),
            ("", []),
        ] as [(String, [Message.Part])])
    func parsesArgumentsAndQuoting(text: String, parts: [Message.Part]) throws {
        #expect(try MessageParser.parse(text).parts == parts)
    }

    /// An argument shown only as `{name}`, at any depth, changes nothing but the text where it
    /// stands; one that is formatted or chosen on anywhere does more.
    @Test(
        arguments: [
            ("Open {link}", true),
            ("{invitee, select, none {Go: {link}} other {{invitee}: {link} {link}}}", true),
            ("No link here", true),
            ("{link, select, none {none} other {{link}}}", false),
            ("{n, plural, one {{link, number}} other {{link}}}", false),
            ("{link, date, short}", false),
            ("{link, time}", false),
            ("{link, selectordinal, one {#st} other {#th}}", false),
        ] as [(String, Bool)])
    func tellsAnArgumentShownOnlyAsText(text: String, onlyText: Bool) throws {
        #expect(try MessageParser.parse(text).showsOnlyAsText("link") == onlyText)
    }

    @Test func parsesNestedChoices() throws {
        let message = try MessageParser.parse(
            "{invitee, select, none {Hey} other {Hey {invitee}}}! {count, plural, offset:1 =0 {nobody} one {# friend '#'} other {# friends}}"
        )
        #expect(message.argumentNames == ["invitee", "count"])
        guard case .plural(let name, let ordinal, let offset, let cases) = message.parts[2] else {
            Issue.record("expected a plural, got \(message.parts)")
            return
        }
        #expect(name == "count")
        #expect(!ordinal)
        #expect(offset == 1)
        #expect(cases.map(\.selector) == [.exact(0), .keyword("one"), .keyword("other")])
        #expect(cases[1].message.parts == [.pound, .literal(" friend #")])
        #expect(message.plurals.first?.keywords == ["one", "other"])
    }

    @Test(
        arguments: [
            ("{inviter", 0), ("oops }", 5), ("{1x}", 0), ("{}", 0),
            ("a {count, plural, one {#}}", 2), ("{g, select, male {he}}", 0), ("{n, plural, seven {x} other {y}}", 12),
            ("{n, plural, =x {x} other {y}}", 12), ("{n, shout}", 4), ("{n, plural, other {x}", 0),
        ] as [(String, Int)])
    func syntaxErrorsHaveOffsets(text: String, offset: Int) {
        #expect(throws: MessageParser.SyntaxError.self) { try MessageParser.parse(text) }
        do {
            _ = try MessageParser.parse(text)
        } catch {
            #expect(error.offset == offset, "\(error.message)")
        }
    }

    @Test func literalTextAndArgumentsRoundTrip() async {
        let literal = Gen.letterOrNumber.string(of: 0...12)
        let name = Gen.lowercaseLetter.string(of: 1...8)
        await propertyCheck(input: literal, name, literal) { before, argument, after in
            let message = try? MessageParser.parse("\(before){\(argument)}\(after)")
            var expected: [Message.Part] = []
            if !before.isEmpty { expected.append(.literal(before)) }
            expected.append(.argument(argument))
            if !after.isEmpty { expected.append(.literal(after)) }
            #expect(message?.parts == expected)
            #expect(message?.argumentNames == [argument])
        }
    }

    /// Found by the `message` fuzz target: a quoted `}}` was written back as `'}''}'`.
    @Test(arguments: [
        "a'}}", "'{}'", "x'{''}'", "{n, plural, other {'#'''#}}", "it''s '{'", "'|'", "'}' and '{'",
        "{g, select, other {# it''s}}", "{n, plural, other {{g, select, other {#}}}}",
    ])
    func icuTextParsesToTheSameMessage(text: String) throws {
        // `#` is the number only inside a plural, also in a select within it (ICU).
        let message = try MessageParser.parse(text)
        #expect(try MessageParser.parse(message.icuText) == message, "\(message.icuText)")
    }

    @Test func anyMessageWrittenBackParsesToItself() async {
        let pieces = ["{", "}", "'", "#", "|", "a", " ", "{n, plural, other {", "{g, select, other {"]
        let syntax = Gen<String?>.element(of: pieces).map { $0! }.array(of: 0...30).map { $0.joined() }
        await propertyCheck(count: 500, input: syntax) { text in
            guard let message = try? MessageParser.parse(text) else { return }
            #expect((try? MessageParser.parse(message.icuText))?.mergingLiterals() == message.mergingLiterals())
        }
    }

    @Test func aPoundIsTheNumberOnlyInsideAPlural() throws {
        let select = try MessageParser.parse("{g, select, other {#1}}")
        guard case .select(_, let cases) = select.parts.first else {
            Issue.record("\(select)")
            return
        }
        #expect(cases.first?.message.parts == [.literal("#1")])
        let nested = try MessageParser.parse("{n, plural, other {{g, select, other {#}}}}")
        guard case .plural(_, _, _, let cases) = nested.parts.first,
            case .select(_, let branches) = cases.first?.message.parts.first
        else {
            Issue.record("\(nested)")
            return
        }
        #expect(branches.first?.message.parts == [.pound])
    }

    /// Text without a brace or an apostrophe is one literal, as written (`#`, `|`, line ends and
    /// characters of several scalars included); with `''` after it, the scanner reads the same
    /// text and one apostrophe.
    @Test func textWithoutSyntaxIsOneLiteral() async {
        let plain = Gen<Character?>.element(of: Array("ab #|=,. é日\r\n") + ["😀", "e\u{301}", "\r\n"]).map { $0! }
        await propertyCheck(count: 800, input: plain.string(of: 0...30)) { text in
            #expect((try? MessageParser.parse(text))?.parts == (text.isEmpty ? [] : [.literal(text)]))
            #expect((try? MessageParser.parse(text + "''"))?.parts == [.literal(text + "'")])
        }
    }

    @Test func anyTextParsesOrFailsWithoutCrashing() async {
        let syntax = Gen<Character?>.element(
            of: Array("{}',#= abc1") + ["plural", "select", "other"].flatMap(Array.init)
        )
        .map { $0! }
        await propertyCheck(count: 500, input: syntax.string(of: 0...40)) { text in
            _ = try? MessageParser.parse(text)
        }
    }
}

/// Hostile strings: a bundle entry of thousands of nested plurals overflowed the stack.
@Suite struct MessageParserLimitTests {
    static func nested(_ depth: Int) -> String {
        String(repeating: "{n, plural, other {", count: depth) + "x" + String(repeating: "}}", count: depth)
    }

    @Test(arguments: [MessageParser.maximumDepth + 1, 100, 9_000])
    func deepNestingIsASyntaxErrorNotACrash(depth: Int) throws {
        do {
            _ = try MessageParser.parse(Self.nested(depth))
            Issue.record("a message nested \(depth) deep parsed")
        } catch {
            #expect(error.message.contains("nest more than"))
            // Located at the argument that goes one level too deep.
            #expect(error.offset == MessageParser.maximumDepth * "{n, plural, other {".count)
        }
    }

    @Test func nestingUpToTheLimitParses() throws {
        _ = try MessageParser.parse(Self.nested(MessageParser.maximumDepth))
    }
}
