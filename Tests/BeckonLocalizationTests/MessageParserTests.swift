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
            ("", []),
        ] as [(String, [Message.Part])])
    func parsesArgumentsAndQuoting(text: String, parts: [Message.Part]) throws {
        #expect(try MessageParser.parse(text).parts == parts)
    }

    @Test(
        arguments: [
            ("{inviter", 0), ("oops }", 5), ("{1x}", 0), ("{}", 0), ("a {count, plural, other {#}}", 2),
        ] as [(String, Int)])
    func syntaxErrorsHaveOffsets(text: String, offset: Int) {
        #expect(throws: MessageParser.SyntaxError.self) { try MessageParser.parse(text) }
        do {
            _ = try MessageParser.parse(text)
        } catch {
            #expect(error.offset == offset)
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
}
