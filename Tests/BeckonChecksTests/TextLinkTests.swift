import BeckonChecks
import BeckonRender
import BeckonTestSupport
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

/// The links of a text found in its bytes are those a reading of its lines as characters finds:
/// drawn texts mix ASCII separators with combining marks, no-break and ideographic spaces, a
/// prepended character, emoji, quotes, trailing punctuation and both schemes.
@Suite struct TextLinkPropertyTests {
    /// The words of each line as characters (whitespace, `<`, `>`, `"` apart), each word's part
    /// from its first `https://` (or else `http://`) on, trailing `.,;:!?)'` left off.
    static func expected(_ text: String) -> [String] {
        // CR, LF and CRLF each end a line.
        var lines: [[UInt8]] = [[]]
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D || bytes[index] == 0x0A {
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                lines.append([])
            } else {
                lines[lines.count - 1].append(bytes[index])
            }
            index += 1
        }
        return lines.enumerated().flatMap { offset, line -> [String] in
            let words = String(decoding: line, as: UTF8.self).split { $0.isWhitespace || "<>\"".contains($0) }
            return words.compactMap { word -> String? in
                var candidate = Substring(word)
                while let last = candidate.last, ".,;:!?)'".contains(last) { candidate.removeLast() }
                let bytes = Array(candidate.utf8)
                guard
                    let start = bytes.firstIndex(ofBytes: Array("https://".utf8))
                        ?? bytes.firstIndex(ofBytes: Array("http://".utf8))
                else { return nil }
                return "\(offset + 1) " + String(decoding: bytes[start...], as: UTF8.self)
            }
        }
    }

    @Test(arguments: 0..<400 as Range<UInt64>)
    func bytesFindWhatCharactersFind(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let pieces = [
            "https://", "http://", "a.test/", "x", "ü", " ", " ", "\u{00A0}", "\u{3000}", "\u{301}", "\u{200D}",
            "\u{0600}", "🌴", "<", ">", "\"", ".", ")", "'", "!", "\n", "\r\n", "\t", "é",
        ]
        let text = generator.text(from: pieces, upTo: 30)
        let artifact = Artifact(
            path: "messages/en-US/generic.sms.txt", kind: .shareMessage, contentType: "text/plain; charset=utf-8",
            bytes: Array(text.utf8))
        let found = ArtifactFacts(artifact).textLinks.map { "\($0.line) \($0.url)" }
        #expect(found == Self.expected(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
}
