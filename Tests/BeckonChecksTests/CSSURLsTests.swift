import Testing

@testable import BeckonChecks

/// The URLs a style sheet loads, found as a browser reads CSS: keywords in any ASCII case, never
/// inside comments, strings or longer names.
@Suite struct CSSURLsTests {
    @Test func keywordsAreFoundInAnyCaseAndOnTheirLines() {
        let css = """
            @IMPORT "theme.css";
            a { background: URL( 'a.png' ) }
            /* url(commented.png) */ b { content: "url(in-a-string.png)"; mask: Url(b.svg) }
            .x { --myurl(no.png): 1 }
            """
        let found = CSSURLs.urls(in: css)
        #expect(
            found == [
                .init(url: "theme.css", kind: "@import", lineOffset: 0),
                .init(url: "a.png", kind: "url()", lineOffset: 1),
                .init(url: "b.svg", kind: "url()", lineOffset: 2),
            ])
    }

    /// Scalars outside ASCII never spell a keyword, whatever their case mappings say.
    @Test func onlyASCIILettersMakeAKeyword() {
        #expect(CSSURLs.urls(in: "a { background: ＵＲＬ(x.png) }").isEmpty)
    }
}
