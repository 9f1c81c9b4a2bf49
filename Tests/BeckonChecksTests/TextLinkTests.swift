import BeckonChecks
import BeckonRender
import Testing

/// The links a plain-text artifact holds (share messages, email text parts), as the link rules see
/// them: each word's part from `https://` (or else `http://`) on, without trailing punctuation.
@Suite struct TextLinkTests {
    @Test(arguments: [
        ("Join me: https://join.playa.app/i/7KQ2M9.", ["1 https://join.playa.app/i/7KQ2M9"]),
        (
            "line one\n(see https://a.example/x), then http://b.example/y!",
            ["2 https://a.example/x", "2 http://b.example/y"]
        ),
        ("<https://a.example/>\"https://b.example/\"", ["1 https://a.example/", "1 https://b.example/"]),
        (
            "xhttps://a.example/ and http://b.example/https://c.example/",
            ["1 https://a.example/", "1 https://c.example/"]
        ),
        ("Maya 🌴 lädt dich ein:\u{00A0}https://join.playa.app/ü?x=1;", ["1 https://join.playa.app/ü?x=1"]),
        // CR, LF and CRLF each end a line; the CR is no part of the URL.
        ("one\r\nhttps://a.example/x\r\n", ["2 https://a.example/x"]),
        ("one\rtwo\r\n\r\nhttps://a.example/\nhttps://b.example/\r", ["4 https://a.example/", "5 https://b.example/"]),
        ("no links here, only http and https words", []),
        ("", []),
    ])
    func linksAreTheURLWordsOfEachLine(text: String, expected: [String]) {
        let artifact = Artifact(
            path: "messages/en-US/generic.sms.txt", kind: .shareMessage, contentType: "text/plain; charset=utf-8",
            bytes: Array(text.utf8))
        #expect(ArtifactFacts(artifact).textLinks.map { "\($0.line) \($0.url)" } == expected)
    }
}

@Suite struct RepeatedURLTests {
    /// URLs parsed once per process are told apart by their bytes: the composed and decomposed
    /// spellings of one text are different URLs, each kept as written.
    @Test func twoSpellingsOfOneTextStayTwoURLs() {
        let composed = "https://x.test/caf\u{E9}"
        let decomposed = "https://x.test/cafe\u{301}"
        let first = FoundLink(url: composed, attribute: "href", line: 1)
        let second = FoundLink(url: decomposed, attribute: "href", line: 1)
        #expect(Array(first.url.utf8) == Array(composed.utf8))
        #expect(Array(second.url.utf8) == Array(decomposed.utf8))
    }
}
