import BeckonLocalization
import BeckonSite
import PropertyBased
import Testing

@testable import BeckonReview

/// The numbers the review page shows for each plural branch choose that branch as ICU does:
/// `MessageFormatter` (ICU's rules: an exact `=N` matches the number itself, keywords are chosen on
/// the number minus the offset) is the judge.
@Suite struct ReviewPluralExamplesTests {
    static let locales = ["en-US", "de-DE", "fr-FR", "ar", "ru-RU", "pl-PL", "cy", "ja-JP", "lv", "ga", "sl", "he"]

    /// A plural over `n` with the given branches, each saying its own selector.
    static func plural(
        ordinal: Bool, offset: Int, exact: [Int], keywords: [String]
    ) throws -> (message: Message, cases: [Message.PluralCase]) {
        let branches = exact.map { "=\($0) {=\($0)}" } + keywords.map { "\($0) {\($0)}" }
        let text =
            "{n, \(ordinal ? "selectordinal" : "plural"), \(offset == 0 ? "" : "offset:\(offset) ")"
            + branches.joined(separator: " ") + "}"
        let message = try MessageParser.parse(text)
        guard case .plural(_, _, _, let cases) = message.parts.first else {
            Issue.record("\(text) is not a plural")
            return (message, [])
        }
        return (message, cases)
    }

    /// What the formatter says for `n`.
    static func said(_ message: Message, _ n: Int, in locale: LocaleID) -> String {
        MessageFormatter(locale: locale).segments(message, arguments: ["n": .number(Double(n))]).map {
            switch $0 {
            case .markup(let text): text
            case .value(let value): value.text
            }
        }.joined()
    }

    /// The category the formatter chooses for a number (a plural with every category).
    static func category(_ number: Int, ordinal: Bool, in locale: LocaleID) throws -> String {
        let every = try plural(
            ordinal: ordinal, offset: 0, exact: [], keywords: ["zero", "one", "two", "few", "many", "other"])
        return said(every.message, number, in: locale)
    }

    @Test func offsetMovesTheKeywordsButNotTheExactCases() throws {
        let english = try #require(LocaleID("en-US"))
        let (_, cases) = try Self.plural(ordinal: false, offset: 2, exact: [0, 1, 2], keywords: ["one", "other"])
        let examples = MessageHTML.Rules(english).examples(cases, offset: 2, ordinal: false)
        #expect(examples.numbers == [[0], [1], [2], [3], [4, 5, 6, 7]])
        // Arabic with `offset:2`: `zero` would need 2, which `=2` catches first.
        let arabic = try #require(LocaleID("ar"))
        let (_, arabicCases) = try Self.plural(
            ordinal: false, offset: 2, exact: [0, 1, 2], keywords: ["zero", "one", "two", "few", "many", "other"])
        let arabicExamples = MessageHTML.Rules(arabic).examples(arabicCases, offset: 2, ordinal: false)
        #expect(arabicExamples.numbers.map(\.first) == [0, 1, 2, nil, 3, 4, 5, 13, 102])
    }

    @Test func aKeywordTheLocaleDoesNotUseHasNoNumber() throws {
        let japanese = try #require(LocaleID("ja-JP"))
        let (_, cases) = try Self.plural(ordinal: false, offset: 0, exact: [], keywords: ["one", "other"])
        #expect(MessageHTML.Rules(japanese).examples(cases, offset: 0, ordinal: false).numbers == [[], [0, 1, 2, 3]])
    }

    /// In any locale, with any offset, exact cases and keywords: every number shown for a branch
    /// makes the formatter choose that branch; a keyword's first number has the keyword's category
    /// once the offset is taken off (unless it is `other` standing in for a category without a
    /// branch), and is no exact case's; and a branch shown without a number is chosen by none.
    @Test func everyShownNumberChoosesItsBranch() async {
        let keywordSets = Gen.int(in: 0...31).map { mask in
            ["zero", "one", "two", "few", "many"].enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
                + ["other"]
        }
        await propertyCheck(
            count: 150, input: Gen.element(of: Self.locales), Gen.int(in: 0...3),
            Gen.int(in: 0...6).set(ofAtMost: 0...3),
            keywordSets, Gen.int(in: 0...1)
        ) { identifier, offset, exact, keywords, ordinalFlag in
            let locale = try #require(LocaleID(identifier!))
            let ordinal = ordinalFlag == 1
            let (message, cases) = try Self.plural(
                ordinal: ordinal, offset: offset, exact: exact.sorted(), keywords: keywords)
            let examples = MessageHTML.Rules(locale).examples(cases, offset: offset, ordinal: ordinal)
            #expect(examples.numbers.count == cases.count)
            for (branch, numbers) in zip(cases, examples.numbers) {
                let name: String
                switch branch.selector {
                case .exact(let value): name = "=\(value)"
                case .keyword(let keyword): name = keyword
                }
                for number in numbers {
                    #expect(
                        Self.said(message, number, in: locale) == name,
                        "\(identifier!) offset \(offset): \(number) is shown for \(name)")
                }
                if case .keyword(let keyword) = branch.selector, let first = numbers.first {
                    #expect(!exact.contains(first))
                    let category = try Self.category(first - offset, ordinal: ordinal, in: locale)
                    #expect(category == keyword || (keyword == "other" && !keywords.contains(category)))
                }
                if numbers.isEmpty {
                    let chosen = PluralExamples.range.contains { Self.said(message, $0, in: locale) == name }
                    #expect(!chosen, "\(identifier!) offset \(offset): \(name) is chosen but shown without a number")
                }
            }
        }
    }

    /// Each branch, nested ones too, is rendered with the choices that take it: the outer branch's
    /// keyword, then the inner plural's number.
    @Test func nestedBranchesAreRenderedWithTheirPath() throws {
        let english = try #require(LocaleID("en-US"))
        let message = try MessageParser.parse(
            "{a, select, x {X{n, plural, offset:1 =0 {Z} one {O#} other {T#}}} other {Q}}")
        var rendered: [String] = []
        _ = MessageHTML.html(message, rules: MessageHTML.Rules(english)) { choices in
            var arguments: [String: ArgumentValue] = ["a": ArgumentValue("y")]
            for choice in choices { choice.apply(to: &arguments) }
            let text = MessageFormatter(locale: english).segments(message, arguments: arguments).map {
                switch $0 {
                case .markup(let text): text
                case .value(let value): value.text
                }
            }.joined()
            rendered.append(choices.map(\.label).joined(separator: ", ") + " → " + text)
            return ""
        }
        #expect(
            rendered == [
                "a = x, n = 0 → XZ", "a = x, n = 2 → XO1", "a = x, n = 1 → XT0", "a = x → XZ", "a = other → Q",
            ])
    }

    /// A select's `other` keeps a value that takes it (a name reads better than "other"); `none` is
    /// an empty value.
    @Test func selectChoicesKeepANameThatAlreadyTakesTheBranch() {
        let keywords = ["none", "other"]
        var arguments: [String: ArgumentValue] = ["invitee": ArgumentValue("Jonas", isUserData: true)]
        BranchChoice(argument: "invitee", value: .keyword("other", among: keywords)).apply(to: &arguments)
        #expect(arguments["invitee"]?.text == "Jonas")
        BranchChoice(argument: "invitee", value: .keyword("none", among: keywords)).apply(to: &arguments)
        #expect(arguments["invitee"]?.text == "")
        BranchChoice(argument: "invitee", value: .keyword("other", among: keywords)).apply(to: &arguments)
        #expect(arguments["invitee"]?.text == "other")
    }
}
