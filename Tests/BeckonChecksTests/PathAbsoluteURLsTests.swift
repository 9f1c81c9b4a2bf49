import BeckonURL
import Testing

@testable import BeckonChecks

/// Path-absolute links are resolved once per origin and text: the remembered answer is what the
/// URL parser gives against each page's own base, whatever the rest of the base or the URL holds.
@Suite struct PathAbsoluteURLsTests {
    static let pieces = [
        "/", "//", "\\", "\t", "\n", "a", "é", "%2e", "%2F", ".", "..", "?", "#", ":", "@", " ", "x.png", "%", "%zz",
        "[", "{", "|",
    ]
    static let bases = [
        "https://beckon.invalid/en-US/index.html", "https://beckon.invalid/de/deep/er/page.html",
        "https://beckon.invalid:8443/x", "http://example.com/a/b?q=1#f", "https://user:pw@example.com/a",
        "https://[::1]/a", "https://127.0.0.1/a/", "file:///C:/site/page.html", "playa://invite/x",
    ]

    /// A random text made of pieces the URL parser treats specially, most often starting with `/`.
    static func text(using generator: inout some RandomNumberGenerator) -> String {
        let count = Int.random(in: 0...6, using: &generator)
        let body = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        return Bool.random(using: &generator) || Bool.random(using: &generator) ? "/" + body : body
    }

    static func sameAnswer(_ reading: PathAbsoluteURLs.Reading, _ direct: Result<ParsedURL, URLParseFailure>) -> Bool {
        switch (reading, direct) {
        case (.resolved(let resolution), .success(let parsed)): resolution == FoundLink.Resolution(parsed)
        case (.failed(let reason), .failure(let failure)): reason == failure.reason
        default: false
        }
    }

    @Test func aRememberedAnswerIsTheParsersAnswerForEveryBase() throws {
        let memo = PathAbsoluteURLs()
        let bases = try Self.bases.map { try URLParser.parse($0).get() }
        var generator = SystemRandomNumberGenerator()
        var remembered = 0
        for _ in 0..<5_000 {
            let url = Self.text(using: &generator)
            // Each text against every base, in a random order, so answers are remembered first
            // for one page's base and read back for another's.
            for base in bases.shuffled(using: &generator) {
                guard let reading = memo.reading(of: url, base: base) else { continue }
                remembered += 1
                #expect(Self.sameAnswer(reading, URLParser.parse(url, base: base)), "\(url) against \(base)")
            }
        }
        #expect(remembered > 1_000)
    }

    @Test(arguments: ["//evil.example/x", "/\\evil.example/x", "/\t/evil.example", "/\n/x", "x/y", " /x", ""])
    func linksThatCouldReachAnotherHostAreNotRemembered(url: String) throws {
        let base = try URLParser.parse("https://beckon.invalid/en/page.html").get()
        #expect(PathAbsoluteURLs().reading(of: url, base: base) == nil)
    }

    @Test func basesWithCredentialsOrOtherSchemesAreNotRemembered() throws {
        for text in ["https://user:pw@example.com/a", "file:///C:/site/page.html", "playa://invite/x"] {
            #expect(PathAbsoluteURLs().reading(of: "/x", base: try URLParser.parse(text).get()) == nil)
        }
    }
}
