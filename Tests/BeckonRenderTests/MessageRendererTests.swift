import BeckonLocalization
import BeckonRender
import BeckonSite
import Testing

@Suite struct MessageRendererTests {
    func message(_ segments: [FormattedMessage.Segment]) -> FormattedMessage {
        FormattedMessage(key: "k", segments: segments, suppliedBy: LocaleID("en-US")!)
    }

    @Test func translatorMarkdownBecomesHTMLAndValuesStayText() {
        let formatted = message([
            .value(ArgumentValue("*Maya* <b>&", isUserData: true)), .markup(" invited you to **"),
            .value(ArgumentValue("Playa")), .markup("**"),
        ])
        #expect(
            MessageRenderer.html(formatted, appSchemes: [])
                == "<bdi>*Maya* &lt;b&gt;&amp;</bdi> invited you to <strong>Playa</strong>")
        #expect(MessageRenderer.plainText(formatted) == "*Maya* <b>& invited you to Playa")
    }

    /// Text after a value may start with a combining mark or a joiner; the value is still put in
    /// (the mark joined the end of its placeholder, which was then left in the text).
    @Test(arguments: ["\u{301}", "\u{200D}", "\u{1F3FD}"])
    func aValueFollowedByAJoiningCharacterIsStillPutIn(mark: String) {
        let formatted = message([.markup("Hi "), .value(ArgumentValue("Maya", isUserData: true)), .markup(mark + "!")])
        #expect(MessageRenderer.html(formatted, appSchemes: []) == "Hi <bdi>Maya</bdi>\(mark)!")
        #expect(MessageRenderer.plainText(formatted) == "Hi Maya\(mark)!")
        #expect(
            MessageRenderer.plainTextAndLinks(formatted, appSchemes: [], rightToLeft: false).text == "Hi Maya\(mark)!")
    }

    /// A prepended mark before a value (U+0600 ARABIC NUMBER SIGN joins what follows it) does not
    /// keep the value out either.
    @Test func aValueAfterAPrependedMarkIsStillPutIn() {
        let formatted = message([.markup("\u{600}"), .value(ArgumentValue("5"))])
        #expect(MessageRenderer.plainText(formatted) == "\u{600}5")
        #expect(MessageRenderer.html(formatted, appSchemes: []) == "\u{600}5")
    }

    @Test func valuesInLinksArePercentEncoded() {
        let formatted = message([.markup("[Write](mailto:"), .value(ArgumentValue("a b@x.test")), .markup(")")])
        #expect(MessageRenderer.html(formatted, appSchemes: []) == "<a href=\"mailto:a%20b%40x.test\">Write</a>")
    }

    @Test func unsafeLinksKeepTheirTextOnly() {
        let formatted = message([.markup("[click](javascript:alert(1))")])
        #expect(MessageRenderer.html(formatted, appSchemes: []) == "click")
    }

    @Test func plainTextIsolatesNamesWhereNeeded() {
        let formatted = message([.value(ArgumentValue("ليلى", isUserData: true)), .markup(" invited you")])
        #expect(MessageRenderer.plainText(formatted, rightToLeft: false) == "\u{2068}ليلى\u{2069} invited you")
        #expect(MessageRenderer.plainText(formatted) == "ليلى invited you")
    }
}
