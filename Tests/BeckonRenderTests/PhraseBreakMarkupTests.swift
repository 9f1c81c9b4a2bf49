import BeckonDiagnostics
import BeckonProvenance
import Testing

@testable import BeckonRender

/// Japanese pages get `<wbr>` between phrases in their text, and nowhere else.
@Suite struct PhraseBreakMarkupTests {
    static func page(_ body: String) -> String {
        "<html><head><title>招待が届きました</title></head><body>\(body)</body></html>"
    }

    @Test(
        arguments: [
            ("<h1>この招待は取り消されました</h1>", "<h1>この<wbr>招待は<wbr>取り消されました</h1>"),
            // Tags, attributes, scripts and styles are left alone; so are spaces and Latin text.
            (
                "<a href=\"/ja-JP/招待状/\" title=\"招待が届きました\">Open the app</a>",
                "<a href=\"/ja-JP/招待状/\" title=\"招待が届きました\">Open the app</a>"
            ),
            ("<script>var s=\"招待が届きました\";</script>", "<script>var s=\"招待が届きました\";</script>"),
            (
                "<script>if(a<b&&c</d)s=\"招待が\"</SCRIPT><p>招待が届きました</p>",
                "<script>if(a<b&&c</d)s=\"招待が\"</SCRIPT><p>招待が<wbr>届きました</p>"
            ),
            (
                "<style>p::after{content:\"招待が届きました\"}</style><p>招待が届きました</p>",
                "<style>p::after{content:\"招待が届きました\"}</style><p>招待が<wbr>届きました</p>"
            ),
            // An inline SVG's title is an accessible name: never marked.
            (
                "<svg role=\"img\"><title>スキャンして招待を開く</title></svg><p>招待が届きました</p>",
                "<svg role=\"img\"><title>スキャンして招待を開く</title></svg><p>招待が<wbr>届きました</p>"
            ),
            // An unclosed tag or raw-text element runs to the end; only `script`, `style` and
            // `title` are copied as they are.
            ("<p>招待が届きました<b", "<p>招待が<wbr>届きました<b"),
            ("<script>招待が届きました", "<script>招待が届きました"),
            ("<scriptä>招待が届きました</scriptä>", "<scriptä>招待が<wbr>届きました</scriptä>"),
            ("<STYLE>招待が届きました</sTyLe>招待が届きました", "<STYLE>招待が届きました</sTyLe>招待が<wbr>届きました"),
            // A character reference is never split.
            ("<p>招待&amp;招待が届きました</p>", "<p>招待&amp;<wbr>招待が<wbr>届きました</p>"),
        ] as [(String, String)])
    func breaksGoBetweenPhrasesOfText(body: String, expected: String) {
        #expect(PhraseBreakMarkup.marked(Self.page(body), locale: "ja-JP") == Self.page(expected))
    }

    @Test func otherLocalesAndTheHeadAreUntouched() {
        let page = Self.page("<p>招待が届きました</p>")
        #expect(PhraseBreakMarkup.marked(page, locale: "zh-CN") == page)
        #expect(PhraseBreakMarkup.marked(page, locale: "ja-JP").hasPrefix("<html><head><title>招待が届きました</title>"))
    }

    /// Origin marks stay where they were, so provenance still points at the string.
    @Test func originMarksSurviveAndStripToTheSameText() throws {
        let origin = Origin(
            .string, at: SourceLocation(file: "locales/ja-JP.yml", line: 3, column: 5), key: "gone.headline",
            locale: "ja-JP")
        let marked = Self.page("<p>" + OriginMarks.wrap("この招待は取り消されました", in: origin) + "</p>")
        #expect(marked.unicodeScalars.contains(where: OriginMarks.isReserved))
        let result = PhraseBreakMarkup.marked(marked, locale: "ja")
        let (bytes, provenance) = OriginMarks.strip(result)
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(html == Self.page("<p>この<wbr>招待は<wbr>取り消されました</p>"))
        let last = try #require(html.range(of: "消されました"))
        #expect(provenance.origin(at: html.utf8.distance(from: html.startIndex, to: last.lowerBound)) == origin)
    }

    /// An origin mark right before `<body` or right after it (a layout line's mark) joins
    /// neither: the body is found where it is, and only it is marked. A combining mark after
    /// `<body` makes it no tag start, as characters read it.
    @Test func aBodyTouchedByAMarkIsStillTheBody() {
        let origin = Origin(.layout, at: SourceLocation(file: "templates/layouts/page.html", line: 9))
        let body = "<p>招待が届きました</p>"
        let head = "<html><head><title>招待が届きました</title></head>"
        for page in [
            head + OriginMarks.base(origin) + "<body>" + body + "</body></html>",
            head + "<body" + OriginMarks.base(origin) + ">" + body + "</body></html>",
        ] {
            let stripped = String(
                decoding: OriginMarks.strip(PhraseBreakMarkup.marked(page, locale: "ja-JP")).bytes, as: UTF8.self)
            #expect(stripped == head + "<body><p>招待が<wbr>届きました</p></body></html>")
        }
        let joined = head + "<body\u{301}>" + body
        #expect(PhraseBreakMarkup.marked(joined, locale: "ja-JP") == joined)
    }
}
