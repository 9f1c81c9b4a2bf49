import BeckonURL
import Testing

/// Requirement 2: `\` is `/` in special URLs, and missing or extra slashes after a special scheme are ignored.
@Suite struct SlashHandlingTests {
    /// An https page in a folder.
    static let base = "https://join.playa.app/a/"

    @Test(arguments: [
        ("https:\\\\evil.example\\x", "/x"), ("https:/\\evil.example/x", "/x"), ("https:/evil.example/x", "/x"),
        ("https:evil.example", "/"), ("https:///evil.example", "/"), ("https:\\\\\\\\evil.example/x", "/x"),
        ("HTTPS:evil.example/x", "/x"),
    ])
    func specialSchemesIgnoreMissingAndExtraSlashes(input: String, path: String) throws {
        let url = try URLParser.parse(input).get()
        #expect(url.scheme == "https")
        #expect(url.host == .domain("evil.example"))
        #expect(url.path == path)
    }

    @Test(arguments: ["//evil.example/x", "\\\\evil.example\\x", "/\\evil.example/x", "\\/evil.example/x"])
    func schemeRelativeReferencesLeaveTheSite(input: String) throws {
        let url = try URLParser.parse(input, base: URLParser.parse(Self.base).get()).get()
        #expect(url.scheme == "https")
        #expect(url.host == .domain("evil.example"))
        #expect(url.href == "https://evil.example/x")
    }

    @Test func backslashIsAPathSeparatorInSpecialURLs() throws {
        let url = try URLParser.parse("https://example.com\\a\\b\\c.html").get()
        #expect(url.pathSegments == ["a", "b", "c.html"])
    }

    @Test func backslashIsAnOrdinaryPathCharacterInOtherURLs() throws {
        let url = try URLParser.parse("playa://invite/x\\y").get()
        #expect(url.host == .opaque("invite"))
        #expect(url.path == "/x\\y")
        #expect(url.pathSegments == ["x\\y"])
    }

    @Test func backslashIsAForbiddenHostCharacterInOtherURLs() {
        #expect(URLParser.parse("playa://invite\\x/y").failure?.reason == "the host has the forbidden character \"\\\"")
    }

    /// Against a base of the same special scheme, `https:` without `//` is relative, not a new host.
    @Test(arguments: [
        ("https:evil.example", "https://join.playa.app/a/evil.example"),
        ("https:/evil.example/x", "https://join.playa.app/evil.example/x"),
        ("http:evil.example", "http://evil.example/"),
    ])
    func sameSchemeWithoutSlashesIsRelativeToTheBase(input: String, href: String) throws {
        let base = try URLParser.parse(Self.base).get()
        #expect(try URLParser.parse(input, base: base).get().href == href)
    }
}
