import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import Testing

@Suite struct PseudoLocaleTests {
    static let source = LocaleBundle.parse(
        SourceText(
            path: "locales/en-US.yml",
            text: """
                title: "{inviter} invited you to **{app}**"
                help: "Read [the guide](https://x.test/guide) or write to help@x.test."
                count: "{n, plural, one {# friend} other {# friends}}"
                """), locale: LocaleID("en-US")!
    ).0

    @Test func accentedPseudoLocaleIsLongerBracketedAndKeepsArgumentsAndMarkup() throws {
        let bundle = PseudoLocale.bundle(PseudoLocale.accented, from: Self.source)
        for (key, original) in Self.source.entries {
            let pseudo = try #require(bundle.entries[key])
            #expect(pseudo.message.argumentNames == original.message.argumentNames)
            #expect(pseudo.text.hasPrefix("["))
            #expect(pseudo.text.hasSuffix("]"))
            let reparsed = try MessageParser.parse(pseudo.text)
            #expect(reparsed == pseudo.message)
            let letters = Double(original.message.literalText.count { $0.isLetter })
            let before = Double(original.message.literalText.count)
            let after = Double(pseudo.message.literalText.count)
            #expect(after >= before + letters * 0.3)
        }
        let title = try #require(bundle.entries["title"]).text
        #expect(title.contains("**{app}**"))
        #expect(title.contains("íñṽíţéð"))
        let help = try #require(bundle.entries["help"]).text
        #expect(help.contains("](https://x.test/guide)"))
        #expect(help.contains("help@x.test"))
    }

    @Test func bidiPseudoLocaleRunsRightToLeft() throws {
        let bundle = PseudoLocale.bundle(PseudoLocale.bidi, from: Self.source)
        let title = try #require(bundle.entries["title"]).text
        #expect(title.contains("\u{202E} invited you to \u{202C}"))
        #expect(PseudoLocale.bidi.isRightToLeft)
        #expect(try MessageParser.parse(title).argumentNames == ["inviter", "app"])
        #expect(bundle.entries["help"]?.text.contains("https://x.test/guide") == true)
    }
}
