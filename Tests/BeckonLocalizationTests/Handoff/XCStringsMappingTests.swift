import Testing

@testable import BeckonLocalization

/// ICU messages as String Catalog values and back: plural variations, placeholders, verbatim ICU.
@Suite struct XCStringsMappingTests {
    typealias Mapping = XCStringsMapping

    static func message(_ text: String) -> Message {
        (try? MessageParser.parse(text)) ?? Message(parts: [])
    }

    /// ICU plural → Apple plural forms, in a locale without (English) or with (Arabic) a CLDR zero.
    static let plurals: [(String, Bool, [String: String])] = [
        ("{n, plural, one {# invite} other {# invites}}", false, ["one": "%lld invite", "other": "%lld invites"]),
        (
            "{n, plural, =0 {No invites} one {# invite} other {# invites}}", false,
            ["zero": "No invites", "one": "%lld invite", "other": "%lld invites"]
        ),
        (
            "{n, plural, other {# invites} one {One invite} =0 {None}}", false,
            ["zero": "None", "one": "One invite", "other": "%lld invites"]
        ),
        (
            "{n, plural, zero {لا دعوات} one {دعوة} two {دعوتان} few {# دعوات} many {# دعوة} other {# دعوة}}", true,
            [
                "zero": "لا دعوات", "one": "دعوة", "two": "دعوتان", "few": "%lld دعوات", "many": "%lld دعوة",
                "other": "%lld دعوة",
            ]
        ),
        (
            "{n, plural, one {100% of '#' #} other {# at 100%}}", false,
            ["one": "100%% of # %lld", "other": "%lld at 100%%"]
        ),
        ("{n, plural, one {it's '{'curly'}' ''} other {#}}", false, ["one": "it's {curly} '", "other": "%lld"]),
    ]

    @Test(arguments: plurals)
    func pluralsMapToVariationsAndBack(icu: String, zeroIsCategory: Bool, forms: [String: String]) throws {
        let message = Self.message(icu)
        #expect(Mapping.mode([.init(message: message, zeroIsCategory: zeroIsCategory)], names: ["n"]) == .plural)
        #expect(Mapping.encode(message, mode: .plural, names: ["n"], zeroIsCategory: zeroIsCategory) == .plural(forms))
        let decoded = try Mapping.decodePlural(forms, count: "n", zeroIsCategory: zeroIsCategory)
        #expect(Self.message(decoded).isEquivalent(to: message), "\(decoded)")
    }

    @Test func appleZeroIsICUExactZeroWhereCLDRHasNoZero() throws {
        let forms = ["zero": "none", "other": "%lld"]
        #expect(
            try Mapping.decodePlural(forms, count: "n", zeroIsCategory: false) == "{n, plural, =0 {none} other {#}}")
        #expect(
            try Mapping.decodePlural(forms, count: "n", zeroIsCategory: true) == "{n, plural, zero {none} other {#}}")
    }

    /// Messages that keep their ICU text: what Apple's formats cannot say the same way.
    @Test(arguments: [
        "{n, plural, =1 {one} other {#}}",
        "{n, plural, offset:1 one {#} other {#}}",
        "{n, selectordinal, one {#st} other {#th}}",
        "{n, plural, one {# from {name}} other {#}}",
        "Hi {n, plural, one {#} other {#}}",
        "{who, select, none {Hey} other {Hey {who}}}",
        "{n, number} items",
    ])
    func messagesAppleCannotExpressAreVerbatim(icu: String) {
        let message = Self.message(icu)
        #expect(
            Mapping.mode([.init(message: message, zeroIsCategory: false)], names: message.argumentNames) == .verbatim)
    }

    @Test func aZeroKeywordWithoutACLDRZeroIsVerbatim() {
        // ICU never picks `zero` in English, while Apple would use it for 0.
        let message = Self.message("{n, plural, zero {none} other {#}}")
        #expect(Mapping.mode([.init(message: message, zeroIsCategory: false)], names: ["n"]) == .verbatim)
    }

    @Test func oneUnmappableLocaleMakesTheKeyVerbatim() {
        let english = Self.message("{n, plural, one {#} other {#}}")
        let german = Self.message("{n, plural, =1 {eins} other {#}}")
        let messages: [Mapping.Localized] = [
            .init(message: english, zeroIsCategory: false), .init(message: german, zeroIsCategory: false),
        ]
        #expect(Mapping.mode(messages, names: ["n"]) == .verbatim)
    }

    @Test(
        arguments: [
            ("{inviter} invited you to {app}", ["inviter", "app"], "%1$@ invited you to %2$@"),
            ("{app}: {inviter} is on {app}", ["app", "inviter"], "%1$@: %2$@ is on %1$@"),
            ("100% {app}", ["app"], "100%% %1$@"),
            ("100% sure", [], "100% sure"),
            ("Write '{'curly'}', don''t", [], "Write {curly}, don't"),
        ] as [(String, [String], String)])
    func textAndArgumentsMapToPositionalPlaceholders(icu: String, names: [String], value: String) throws {
        let message = Self.message(icu)
        #expect(Mapping.encode(message, mode: .simple, names: names, zeroIsCategory: false) == .unit(value))
        #expect(Self.message(try Mapping.decodeUnit(value, names: names)).isEquivalent(to: message))
    }

    @Test func sequentialPlaceholdersTakeArgumentsInOrder() throws {
        #expect(try Mapping.decodeUnit("%@ and %@", names: ["a", "b"]) == "{a} and {b}")
        #expect(try Mapping.decodeUnit("%2$@ before %1$@", names: ["a", "b"]) == "{b} before {a}")
    }

    @Test(
        arguments: [
            ("%3$@", ["a", "b"], "`%3$@` is not one of this string's 2 placeholders"),
            ("%d", ["a"], "`%d` is not one of this string's 1 placeholder"),
            ("50 % off %1$@", ["a"], "`% ` is not one of this string's 1 placeholder"),
        ] as [(String, [String], String)])
    func placeholdersTheSourceDoesNotHaveAreRefused(value: String, names: [String], message: String) {
        #expect(throws: XCStringsFormat.DecodeError.self) { try Mapping.decodeUnit(value, names: names) }
        do {
            _ = try Mapping.decodeUnit(value, names: names)
        } catch {
            #expect(error.message == message)
            #expect(error.rule == HandoffRule.placeholder)
        }
    }

    @Test func pluralFormsNeedOtherAndKnownCategories() {
        #expect(throws: XCStringsFormat.DecodeError.self) {
            try Mapping.decodePlural(["one": "%lld"], count: "n", zeroIsCategory: false)
        }
        #expect(throws: XCStringsFormat.DecodeError.self) {
            try Mapping.decodePlural(["several": "x", "other": "%lld"], count: "n", zeroIsCategory: false)
        }
        #expect(throws: XCStringsFormat.DecodeError.self) {
            try Mapping.decodePlural(["other": "%@"], count: "n", zeroIsCategory: false)
        }
    }

    @Test func placeholderCommentsNameTheArguments() {
        let comment = XCStringsPlaceholders.comment(names: ["inviter", "app"], mode: .simple)
        #expect(comment == "Placeholders: %1$@ is {inviter}, %2$@ is {app}.")
        #expect(XCStringsPlaceholders.names(in: "Page title.\n" + (comment ?? "")) == ["inviter", "app"])
        #expect(XCStringsPlaceholders.comment(names: ["n"], mode: .plural) == "Placeholders: %lld is {n}.")
        #expect(XCStringsPlaceholders.names(in: "Placeholders: %lld is {n}.") == ["n"])
        #expect(XCStringsPlaceholders.comment(names: [], mode: .simple) == nil)
        #expect(XCStringsPlaceholders.names(in: "Placeholders: whatever") == nil)
    }
}
