import BeckonCards
import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

@Suite struct CardLayoutTests {
    func parse(_ text: String) -> (CardLayout?, [Diagnostic]) {
        CardLayout.parse(SourceText(path: "templates/og/card.yml", text: text), theme: CardFixtures.theme)
    }

    @Test func readsAFullLayout() throws {
        let (parsed, diagnostics) = parse(CardFixtures.layoutText)
        #expect(diagnostics.isEmpty)
        let layout = try #require(parsed)
        #expect(
            layout.background == .linearGradient(from: Color(css: "#0b57d0")!, to: Color(css: "#6a1b9a")!, angle: 135))
        #expect(layout.padding == 72)
        #expect(layout.logo == CardLogo(path: "assets/og-logo.png", height: 56))
        #expect(layout.avatar?.size == 220)
        #expect(layout.avatar?.border == Color(css: "#ffffff"))
        #expect(layout.title.key == "og.title")
        #expect(layout.title.weight == 700)
        #expect(layout.title.maxLines == 2)
        #expect(layout.subtitle?.maxLines == 3)
        #expect(layout.footer?.weight == 500)
    }

    @Test func colourDefaultsAndReferencesComeFromTheTheme() throws {
        let (parsed, diagnostics) = parse(
            """
            background: theme.dark.background
            avatar: {}
            title: {key: og.title, color: theme.dark.text}
            subtitle: {key: og.subtitle}
            """)
        #expect(diagnostics.isEmpty)
        let layout = try #require(parsed)
        #expect(layout.background == .color(CardFixtures.theme.dark.background))
        #expect(layout.title.color == CardFixtures.theme.dark.text)
        #expect(layout.subtitle?.color == CardFixtures.theme.light.text)
        #expect(layout.avatar?.accent == CardFixtures.theme.light.button)
        #expect(layout.avatar?.initialsColor == CardFixtures.theme.light.buttonText)
        #expect(layout.logo == nil && layout.footer == nil && layout.fonts == nil)
    }

    @Test(
        arguments: [
            ("  height: 56", "  hieght: 56", "card.unknown-key", 7),
            ("title:\n", "titel:\n", "card.unknown-key", 13),
            ("  color: \"#ffffff\"", "  color: \"#fffff\"", "card.invalid-color", 15),
            ("  color: \"#ffffff\"", "  color: theme.light.txt", "card.invalid-color", 15),
            ("  key: og.title", "  key: og..title", "card.invalid-key", 14),
            ("  key: og.title\n", "", "card.missing-key", 13),
            ("background:\n  from: \"#0b57d0\"\n  to: \"#6a1b9a\"\n  angle: 135\n", "", "card.missing-key", 1),
            ("  weight: bold", "  weight: bolder", "card.invalid-value", 17),
            ("  size: 64", "  size: 200", "card.invalid-value", 16),
            ("  angle: 135", "  angle: [135]", "card.type", 4),
            ("  path: assets/og-logo.png", "  path: ../secret.png", "card.invalid-path", 6),
            ("  path: assets/og-logo.png", "  path: assets/logo.svg", "card.invalid-path", 6),
            ("  from: \"#0b57d0\"", "  from: \"#0b57d080\"", "card.transparent-background", 1),
            ("  size: 220", "  size: [220", "yaml.syntax", 10),
            ("background:", "fonts: \"Noto Sans; Arial\"\nbackground:", "card.invalid-font", 1),
        ] as [(String, String, String, Int)])
    func problemsAreLocatedWithAFix(old: String, new: String, rule: String, line: Int) {
        let (layout, diagnostics) = parse(SiteFixture.replacing(old, with: new, in: CardFixtures.layoutText))
        let match = diagnostics.first { $0.rule.rawValue == rule }
        #expect(layout == nil)
        #expect(match != nil, "expected \(rule), got \(diagnostics.map(\.rule))")
        #expect(match?.location?.line == line)
        #expect(match?.location?.file == "templates/og/card.yml")
        #expect(match?.fix != nil)
    }

    @Test func misspeltThemeColoursGetASuggestion() {
        let text = SiteFixture.replacing(
            "  color: \"#ffffff\"", with: "  color: theme.light.txt", in: CardFixtures.layoutText)
        let (_, diagnostics) = parse(text)
        #expect(
            diagnostics.map(\.message) == [
                "`theme.light.txt` is not a colour (in `title.color`) (did you mean `theme.light.text`?)"
            ])
    }

    @Test func anEmojiFontIsAWarning() throws {
        let (layout, diagnostics) = parse("fonts: Noto Sans, Noto Color Emoji\n" + CardFixtures.layoutText)
        #expect(diagnostics.map(\.rule) == ["card.emoji-font"])
        #expect(diagnostics.first?.severity == .warning)
        #expect(try #require(layout).fonts == "Noto Sans, Noto Color Emoji")
    }

    @Test func everyKeyIsDocumented() throws {
        let documentation = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/og-cards.md"), encoding: .utf8)
        for key in CardLayout.keys {
            #expect(documentation.contains("`\(key)`"), "docs/og-cards.md does not document `\(key)`")
        }
        for (section, keys) in CardLayout.sectionKeys {
            for key in keys {
                #expect(
                    documentation.contains("`\(section).\(key)`"),
                    "docs/og-cards.md does not document `\(section).\(key)`")
            }
        }
    }
}
