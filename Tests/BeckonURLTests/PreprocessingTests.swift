import BeckonURL
import Testing

/// Requirement 1: C0 controls and spaces are stripped from both ends, tabs and newlines removed anywhere.
@Suite struct PreprocessingTests {
    @Test(arguments: [
        "java\tscript:alert(1)", "java\nscript:alert(1)", "java\r\nscript:alert(1)", " \t\njavascript:alert(1)",
        "\u{0}\u{1F} javascript:alert(1) \u{0}", "JaVa\tScRiPt:alert(1)",
    ])
    func tabsAndNewlinesCannotHideAJavascriptScheme(_ input: String) throws {
        let url = try URLParser.parse(input).get()
        #expect(url.scheme == "javascript")
        #expect(url.path == "alert(1)")
    }

    @Test func entityDecodedTabIsRemovedFromTheScheme() throws {
        // `java&#09;script:` is `java\tscript:` once the HTML character reference is decoded.
        let decoded = "java&#09;script:void(0)".replacing("&#09;", with: "\t")
        #expect(try URLParser.parse(decoded).get().scheme == "javascript")
    }

    @Test func leadingAndTrailingControlsAndSpacesAreStripped() throws {
        let url = try URLParser.parse("\u{0}\u{1} \u{1F}https://example.com/a \u{1F}\u{0}").get()
        #expect(url.href == "https://example.com/a")
    }

    @Test func tabsAndNewlinesAreRemovedInsideEveryComponent() throws {
        let url = try URLParser.parse("ht\ttps://exa\nmple.com:44\r3/a\tb?c\nd#e\tf").get()
        #expect(url.href == "https://example.com/ab?cd#ef")
    }

    @Test func spacesAndControlsInsideAreKeptEncoded() throws {
        let url = try URLParser.parse("https://example.com/a b\u{1}c").get()
        #expect(url.path == "/a%20b%01c")
    }

    @Test func deleteIsNotStrippedSoTheSchemeIsMissing() {
        #expect(throws: URLParseFailure.self) { try URLParser.parse("\u{7F}https://example.com/").get() }
    }

    @Test func inputOfOnlyWhitespaceIsTheEmptyReference() throws {
        let base = try URLParser.parse("https://h/a?b#c").get()
        #expect(try URLParser.parse(" \t\n ", base: base).get().href == "https://h/a?b")
        #expect(throws: URLParseFailure.self) { try URLParser.parse(" \t\n ").get() }
    }
}
