import BeckonURL
import Testing

/// Requirement 5: relative references resolve against the page's URL as in a browser.
@Suite struct RelativeResolutionTests {
    /// The page the references are found in.
    let page: ParsedURL

    init() throws {
        page = try URLParser.parse("https://h/dir/index.html?q=1#f").get()
    }

    /// Resolves `reference` against the page.
    private func resolve(_ reference: String) throws -> ParsedURL {
        try URLParser.parse(reference, base: page).get()
    }

    @Test func queryOnlyKeepsThePathNotTheFolder() throws {
        let url = try resolve("?page=2")
        #expect(url.href == "https://h/dir/index.html?page=2")
        #expect(url.path == "/dir/index.html")
        #expect(url.query == "page=2")
        #expect(url.fragment == nil)
    }

    @Test func fragmentOnlyKeepsPathAndQuery() throws {
        let url = try resolve("#top")
        #expect(url.href == "https://h/dir/index.html?q=1#top")
        #expect(url.query == "q=1")
        #expect(url.fragment == "top")
    }

    @Test func emptyReferenceIsTheBaseWithoutFragment() throws {
        let url = try resolve("")
        #expect(url.href == "https://h/dir/index.html?q=1")
        #expect(url.fragment == nil)
    }

    @Test(arguments: [
        ("../x.png", "https://h/x.png"), ("./x.png", "https://h/dir/x.png"), ("x/../y.png", "https://h/dir/y.png"),
        ("../../../../x.png", "https://h/x.png"), ("sub/./../x.png", "https://h/dir/x.png"),
        ("%2e%2e/x.png", "https://h/x.png"), (".%2E/x.png", "https://h/x.png"), ("..\\x.png", "https://h/x.png"),
        ("/a/b/../../x.png", "https://h/x.png"), ("..", "https://h/"), ("../", "https://h/"),
    ])
    func dotSegmentsAreRemoved(reference: String, href: String) throws {
        #expect(try resolve(reference).href == href)
    }

    @Test func pathStaysEncodedButSegmentsAreDecoded() throws {
        let umlaut = try resolve("%C3%BC.html")
        #expect(umlaut.path == "/dir/%C3%BC.html")
        #expect(umlaut.pathSegments == ["dir", "ü.html"])
        let space = try resolve("my%20file.html")
        #expect(space.path == "/dir/my%20file.html")
        #expect(space.pathSegments == ["dir", "my file.html"])
        let literal = try resolve("ü and more.html")
        #expect(literal.path == "/dir/%C3%BC%20and%20more.html")
        #expect(literal.pathSegments == ["dir", "ü and more.html"])
    }

    @Test func segmentsKeepEncodedSlashesAndInvalidUTF8Readable() throws {
        #expect(try resolve("a%2Fb").pathSegments == ["dir", "a/b"])
        #expect(try resolve("%FF.html").pathSegments == ["dir", "\u{FFFD}.html"])
        #expect(try resolve("100%.html").pathSegments == ["dir", "100%.html"])
    }

    @Test func trailingSlashGivesAnEmptyLastSegment() throws {
        #expect(try resolve("sub/").pathSegments == ["dir", "sub", ""])
        #expect(try resolve("/").pathSegments == [""])
    }

    @Test func fileBaseResolvesLikeHTTP() throws {
        let base = try URLParser.parse("file:///site/dir/page.html").get()
        let url = try URLParser.parse("../img/a%20b.png?v=1", base: base).get()
        #expect(url.href == "file:///site/img/a%20b.png?v=1")
        #expect(url.pathSegments == ["site", "img", "a b.png"])
        #expect(url.host == .empty)
    }

    @Test func resolvingTwiceIsStable() throws {
        let first = try resolve("../a/./b/../c?d#e")
        let second = try URLParser.parse(first.href, base: page).get()
        #expect(first == second)
    }
}
