import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Foundation

/// The small site the targets run against: three locales (en-US, the default; de-DE; ar) with every
/// kind of string a hand-off carries, as in the hand-off tests (HandoffFixture).
enum Fixtures {
    static let english = """
        # Source strings.
        common:
          friend:
            message: A friend
            description: Stands in for a missing name.
          cta: Get the app

        landing:
          title:
            message: "{inviter} invited you to {app}"
            description: Page title.
            maxChars: 60
          headline: "**{inviter}** invited you to [{app}](https://playa.example/)"
          markup: "Tom & Jerry <3 \\"quotes\\" — it's 100% fun"
          braces: "Write '{'curly'}' braces, don''t worry"
          count:
            message: "{count, plural, =0 {No invites} one {# invite} other {# invites}}"
            description: Invites sent.
          greeting: "{invitee, select, none {Hey} other {Hey {invitee}}}!"
          sent: "Sent {sent, date, long} at {sent, time, short}"
          rank: "Your {rank, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} invite"

        """

    static let german = """
        common:
          friend: Jemand
          cta: Hol dir die App

        landing:
          title: "{inviter} lädt dich zu {app} ein"
          markup: 'Tom & Jerry <3 „Zitate“ — 100% Spaß'
          count:
            message: "{count, plural, =0 {Keine Einladungen} one {# Einladung} other {# Einladungen}}"
            sourceHash: 0000000000000000
          greeting: "{invitee, select, none {Hallo} other {Hallo {invitee}}}!"

        """

    static let arabic = """
        landing:
          count: "{count, plural, zero {لا دعوات} one {دعوة واحدة} two {دعوتان} few {# دعوات} many {# دعوة} other {# دعوة}}"
          title: "دعاك {inviter} إلى {app}"

        """

    static let englishLocale = LocaleID("en-US")!
    static let germanLocale = LocaleID("de-DE")!
    static let arabicLocale = LocaleID("ar")!

    /// The catalog, parsed once. Its bundles must parse cleanly: the fixture is part of the harness.
    static let catalog: Catalog = {
        var bundles: [LocaleID: LocaleBundle] = [:]
        for (locale, text) in [(englishLocale, english), (germanLocale, german), (arabicLocale, arabic)] {
            let (bundle, diagnostics) = LocaleBundle.parse(
                SourceText(path: "locales/\(locale).yml", text: text), locale: locale)
            precondition(diagnostics.isEmpty, "fixture bundle \(locale): \(diagnostics)")
            bundles[locale] = bundle
        }
        let (value, diagnostics) = YAMLParser.parse("default: en-US\nlist: [en-US, de-DE, ar]\n", path: "beckon.yml")
        precondition(diagnostics.isEmpty && value != nil, "fixture locales: \(diagnostics)")
        let locales = LocalesConfig(
            YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default", "list"]))
        return Catalog(locales: locales, bundles: bundles)
    }()

    /// Arguments for rendering strings: user data (names) and numbers.
    static let arguments: [String: ArgumentValue] = [
        "inviter": ArgumentValue("Maya", isUserData: true),
        "invitee": ArgumentValue("جمال", isUserData: true),
        "app": ArgumentValue("Playa"),
        "count": .number(3),
        "rank": .number(22),
        "sent": ArgumentValue("2026-01-15", date: Date(timeIntervalSince1970: 1_768_469_400)),
    ]
}
