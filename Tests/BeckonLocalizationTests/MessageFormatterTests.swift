import BeckonLocalization
import BeckonSite
import Foundation
import Testing

/// MessageFormat conformance: plural, selectordinal, select, nesting, offsets and quoting, formatted
/// with each locale's CLDR rules.
@Suite struct MessageFormatterTests {
    func format(_ pattern: String, _ locale: String, _ arguments: [String: ArgumentValue]) throws -> String {
        let message = try MessageParser.parse(pattern)
        return MessageFormatter(locale: LocaleID(locale)!).segments(message, arguments: arguments)
            .map { segment in
                switch segment {
                case .markup(let text): text
                case .value(let value): value.text
                }
            }.joined()
    }

    static let friends = "{n, plural, =0 {no friends} one {# friend} other {# friends}}"
    static let russian = "{n, plural, one {# друг} few {# друга} many {# друзей} other {# друга}}"
    static let arabic =
        "{n, plural, zero {لا أصدقاء} one {صديق واحد} two {صديقان} few {# أصدقاء} many {# صديقًا} other {# صديق}}"

    @Test(
        arguments: [
            (friends, "en-US", 0.0, "no friends"), (friends, "en-US", 1, "1 friend"),
            (friends, "en-US", 2, "2 friends"),
            (friends, "en-US", 1200, "1,200 friends"), (friends, "de-DE", 1200, "1.200 friends"),
            (russian, "ru", 1, "1 друг"), (russian, "ru", 3, "3 друга"), (russian, "ru", 5, "5 друзей"),
            (russian, "ru", 21, "21 друг"),
            (arabic, "ar", 0, "لا أصدقاء"), (arabic, "ar", 2, "صديقان"), (arabic, "ar", 3, "3 أصدقاء"),
            (arabic, "ar", 11, "11 صديقًا"),
            ("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "en-US", 22, "22nd"),
            ("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "en-US", 13, "13th"),
            (
                "{n, plural, offset:2 =2 {Maya and Jonas} one {Maya, Jonas and # other} other {Maya, Jonas and # others}}",
                "en-US", 3, "Maya, Jonas and 1 other"
            ),
            (
                "{n, plural, offset:2 =2 {Maya and Jonas} one {Maya, Jonas and # other} other {Maya, Jonas and # others}}",
                "en-US", 2, "Maya and Jonas"
            ),
            ("{n, number, percent}", "en-US", 0.25, "25%"),
        ] as [(String, String, Double, String)])
    func pluralsFollowCLDR(pattern: String, locale: String, number: Double, expected: String) throws {
        #expect(try format(pattern, locale, ["n": .number(number)]) == expected)
    }

    @Test(arguments: [
        ("Maya", "Hey Maya!"), ("", "Hey!"),
    ])
    func selectChoosesByValueAndNoneForEmpty(invitee: String, expected: String) throws {
        let pattern = "{invitee, select, none {Hey} other {Hey {invitee}}}!"
        #expect(try format(pattern, "en-US", ["invitee": ArgumentValue(invitee)]) == expected)
    }

    @Test func datesUseTheLocaleNotTheProcess() throws {
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(try format("{d, date, long}", "en-US", ["d": ArgumentValue("", date: date)]) == "September 21, 2026")
        #expect(try format("{d, date, long}", "de-DE", ["d": ArgumentValue("", date: date)]) == "21. September 2026")
    }
}

@Suite struct ListAndRelativeTimeTests {
    @Test(arguments: [
        ("en-US", "Maya, Jonas, and Lea"), ("de-DE", "Maya, Jonas und Lea"), ("ja-JP", "Maya、Jonas、Lea"),
    ])
    func listsAreJoinedTheLocalesWay(locale: String, expected: String) {
        #expect(MessageFormatter(locale: LocaleID(locale)!).formatList(["Maya", "Jonas", "Lea"]) == expected)
    }

    @Test(
        arguments: [
            ("en-US", -2 * 86_400.0, false, "2 days ago"), ("en-US", -2 * 86_400, true, "2d ago"),
            ("de-DE", -2 * 86_400, false, "vor 2 Tagen"), ("en-US", 3 * 3600, false, "in 3 hours"),
            ("ja-JP", -5 * 60, false, "5 分前"),
        ] as [(String, Double, Bool, String)])
    func relativeTimesUseTheLocalesWords(locale: String, offset: Double, narrow: Bool, expected: String) {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let formatter = MessageFormatter(locale: LocaleID(locale)!)
        #expect(formatter.formatRelative(now.addingTimeInterval(offset), to: now, narrow: narrow) == expected)
    }
}
