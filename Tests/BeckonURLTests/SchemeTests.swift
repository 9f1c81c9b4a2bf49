import BeckonURL
import Testing

/// Requirement 8: a scheme starts with an ASCII letter; anything else is a relative reference.
@Suite struct SchemeTests {
    @Test(arguments: ["1http://example.com/", "+a:b", "-a:b", ".a:b", "://example.com", ":", "ü:x", "%68ttp://x/"])
    func inputsThatCannotStartASchemeNeedABase(_ input: String) throws {
        let failure = try #require(URLParser.parse(input).failure)
        #expect(failure.reason.contains("no scheme"))
        let base = try URLParser.parse("https://h/d/").get()
        let url = try URLParser.parse(input, base: base).get()
        #expect(url.scheme == "https")
        #expect(url.host == .domain("h"))
    }

    @Test(arguments: [("HtTpS://x/", "https"), ("a1+-.:x", "a1+-."), ("web+playa:x", "web+playa"), ("c:x", "c")])
    func schemesAreLowerCased(input: String, scheme: String) throws {
        #expect(try URLParser.parse(input).get().scheme == scheme)
    }

    @Test(arguments: ["c:\\x", "C:\\Users\\x\\file.html", "c:/x", "C|/x", "c:"])
    func windowsPathsDoNotCrash(_ input: String) {
        if case .success(let url) = URLParser.parse(input) {
            #expect(url.scheme == "c")
        }
    }

    @Test func windowsPathIsASingleLetterScheme() throws {
        let url = try URLParser.parse("C:\\Users\\x\\file.html").get()
        #expect(url.scheme == "c")
        #expect(url.path == "\\Users\\x\\file.html")
    }

    @Test(arguments: ["http", "https", "ws", "wss", "ftp", "file"])
    func specialSchemes(scheme: String) throws {
        #expect(try URLParser.parse("\(scheme)://h/").get().isSpecial)
        #expect(try !URLParser.parse("\(scheme)x://h/").get().isSpecial)
    }
}
